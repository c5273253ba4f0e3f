#!/bin/bash
#SBATCH --job-name=ppo-rm
#SBATCH --time=10:00:00
#SBATCH --output=ppo-%j.out
# component 0: reward-model server, one node
#SBATCH --account=bfzw-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --mem=0
#SBATCH hetjob
# component 1: policy training, two nodes
#SBATCH --account=bfzw-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0

module reset
module load pytorch-conda/2.8
export NCCL_SOCKET_IFNAME=hsn

RM_HOST=$(scontrol show hostnames "$SLURM_JOB_NODELIST_HET_GROUP_0" | head -n1)
TRAIN_HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST_HET_GROUP_1" | head -n1)

srun --het-group=0 python serve_reward.py --model rm-deberta-v3-large --port 8123 &
sleep 120

srun --het-group=1 torchrun --nnodes 2 --nproc_per_node 4 \
    --rdzv_backend c10d --rdzv_endpoint $TRAIN_HEAD:29400 --rdzv_id $SLURM_JOB_ID \
    train_ppo.py --reward-url http://$RM_HOST:8123 --policy meta-llama/Llama-3.2-3B --rollouts 512
kill %1
