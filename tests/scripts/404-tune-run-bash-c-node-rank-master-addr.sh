#!/bin/bash
# family: torchtune - static rendezvous, node rank per task inside srun bash -c (Delta, 2 nodes)
#SBATCH --account=bcde-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=05:00:00

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29511
srun bash -c 'tune run --nnodes $SLURM_NNODES --nproc_per_node 4 --node_rank $SLURM_NODEID \
    --master_addr $MASTER_ADDR --master_port $MASTER_PORT \
    qat_distributed --config llama3/8B_qat_full'
