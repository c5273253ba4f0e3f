#!/bin/bash
#SBATCH --job-name=bench-ddp
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --time=00:10:00
# bench/lab-ddp-2x2.sh - the benchmark's 2-node PyTorch DDP job (2 GPUs per node) for the Slurm lab:
# `maple verify --run submit` replaces train.py with the mini-app. Kept small so the 2-core benchmark
# machine measures maple and the scheduler, not 8 concurrent torch imports; --monitor_interval=1 as in the
# probe of the lab (torchrun's default 5 s poll of its workers adds up to 5 s to any job).
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
# shellcheck disable=SC2016  # expanded per task by the inner bash
srun -N 2 -n 2 --ntasks-per-node=1 bash -c 'torchrun --nnodes=2 --nproc_per_node=2 --node_rank=$SLURM_PROCID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT --monitor_interval=1 train.py --epochs 1'
