#!/bin/bash
# Vista (GH200) - torchrun per node, c10d rendezvous so no node rank is needed
#SBATCH -J eqv2-gh
#SBATCH -p gh
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH -t 04:00:00
#SBATCH -A TG-MAT240031
#SBATCH -o eqv2.%j.out

module load gcc cuda python3
source $SCRATCH/venvs/fairchem/bin/activate
export PYTHONUNBUFFERED=1
RDZV_HOST=$(hostname)

ibrun torchrun --nnodes=4 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=${RDZV_HOST}:29400 --rdzv_id=$SLURM_JOB_ID \
    $WORK/vista/equiformer/main_oc20.py --mode train --config-yml configs/s2ef/2M/equiformer_v2.yml --run-dir $SCRATCH/eqv2
