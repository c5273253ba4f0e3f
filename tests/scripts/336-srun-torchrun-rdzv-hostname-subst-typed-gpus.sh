#!/bin/bash
# family: typed --gpus-per-node, torchrun per node with the endpoint from $(hostname) in the batch shell
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=a100:4
#SBATCH --cpus-per-task=32
#SBATCH --time=08:00:00
export OMP_NUM_THREADS=8
srun --cpu-bind=none torchrun --nnodes $SLURM_NNODES --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 --rdzv-id $SLURM_JOB_ID train.py --config cfg/base.yaml
