#!/bin/bash
#SBATCH -A m4431
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH -t 06:00:00
#SBATCH -J vit-pretrain
#SBATCH -o /pscratch/sd/k/kwalsh/logs/%x-%j.out

module load pytorch/2.3.1
export NCCL_SOCKET_IFNAME=hsn
export OMP_NUM_THREADS=8

nodes=( $(scontrol show hostnames "$SLURM_JOB_NODELIST") )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
echo "rendezvous on $head_node_ip"

srun torchrun \
    --nnodes "$SLURM_JOB_NUM_NODES" \
    --nproc_per_node 4 \
    --rdzv_id "$SLURM_JOB_ID" \
    --rdzv_backend c10d \
    --rdzv_endpoint "$head_node_ip:29500" \
    train_vit.py --epochs 90 --batch-size 256 --model vit_b16
