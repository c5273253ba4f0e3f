#!/bin/bash
# family: FSDP2 in torchtitan launched through its train.py with a TOML config
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A bbbb-delta-gpu
#SBATCH -t 04:00:00
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 \
    torchtitan/train.py --job.config_file train_configs/llama3_8b.toml --parallelism.data_parallel_shard_degree 8
