#!/bin/bash -l
#PBS -N nequip-long
#PBS -A CatalysisML
#PBS -q capacity
#PBS -l select=3:system=polaris
#PBS -l place=scatter
#PBS -l walltime=96:00:00
#PBS -l filesystems=home:eagle
#PBS -j oe
#PBS -r y

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate /eagle/CatalysisML/envs/nequip

mapfile -t HOSTS <<< "$(sort -u "$PBS_NODEFILE")"
NNODES=${#HOSTS[@]}
HEAD=${HOSTS[0]}

mpiexec -n "$NNODES" --ppn 1 --depth 32 --cpu-bind depth \
    torchrun --nnodes "$NNODES" --nproc_per_node 4 \
    --rdzv_backend c10d --rdzv_endpoint "$HEAD:29400" --rdzv_id "$PBS_JOBID" \
    train_nequip.py --config configs/oc20_s2ef_2M.yaml --max-epochs 150
