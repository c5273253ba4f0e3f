#!/bin/bash
#SBATCH -J gh-port
#SBATCH -o gh.o%j
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 02:00:00

module load gcc cuda python3
source $SCRATCH/venvs/gh/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=98765
ibrun torchrun --nnodes=4 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT --rdzv_id=$SLURM_JOB_ID train.py --epochs 3
