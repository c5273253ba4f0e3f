#!/bin/bash
# family: NCSA DeltaAI GH200 nodes, srun one torchrun per node
#SBATCH --account=bcde-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --time=01:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun torchrun --nnodes $SLURM_NNODES --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:29500 train.py --precision bf16
