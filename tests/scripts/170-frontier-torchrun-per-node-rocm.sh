#!/bin/bash
# family: Frontier, one torchrun per node with c10d, FSDP named by the program's option
#SBATCH -A abc123
#SBATCH -J fsdp
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -t 02:00:00
#SBATCH -C nvme
module load PrgEnv-gnu rocm/6.1.3
export NCCL_SOCKET_IFNAME=hsn0
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export HEAD
srun -N 4 --ntasks-per-node=1 -c 56 --gpus-per-node=8 torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 train_fsdp.py --sharding full
