#!/bin/bash
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 04:00:00
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -J vit-pretrain
#SBATCH -o logs/%x-%j.out

# ViT-B/16 pretraining. (The first runs used 2 nodes = 8 GPUs and a 12 h limit.)
module load pytorch/2.3.1
export FI_MR_CACHE_MONITOR=userfaultfd
export HF_HOME=$PSCRATCH/hf_cache
export OMP_NUM_THREADS=8

nodes=( $(scontrol show hostnames "$SLURM_JOB_NODELIST") )
head_node=${nodes[0]}
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
echo "Node IP: $head_node_ip"

srun torchrun \
    --nnodes 4 \
    --nproc_per_node 4 \
    --rdzv_id $RANDOM \
    --rdzv_backend c10d \
    --rdzv_endpoint $head_node_ip:29500 \
    train.py --config configs/vit_b16.yaml --epochs 3
