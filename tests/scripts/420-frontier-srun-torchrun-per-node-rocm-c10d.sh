#!/bin/bash
# family: Frontier, one srun task per node running torchrun over its 8 GCDs, c10d on the first node
#SBATCH -A ABC123
#SBATCH -J fsdp
#SBATCH -N 2
#SBATCH -t 01:00:00
#SBATCH -p batch
#SBATCH -q debug

module load PrgEnv-gnu rocm/6.2.4
source /lustre/orion/abc123/proj-shared/envs/torch/bin/activate
export MIOPEN_USER_DB_PATH=/tmp/miopen-$USER
export MASTER_ADDR=$(hostname -i)

srun -N 2 --ntasks-per-node=1 -c 56 --gpus-per-node=8 \
    torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:29500 \
    train_fsdp.py --model llama-1b --steps 500
