#!/bin/bash
#SBATCH -J swav
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=40
#SBATCH -t 72:00:00
#SBATCH --mem=0
#SBATCH -p dev

master_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR=$master_node
export MASTER_PORT=19500

DATASET_PATH="/datasets01/imagenet_full_size/061417/train"
EXPERIMENT_PATH="./experiments/swav_800ep_pretrain"
mkdir -p $EXPERIMENT_PATH
export DATASET_PATH EXPERIMENT_PATH

srun bash -c 'python -m torch.distributed.launch --use_env \
    --nproc_per_node=4 --nnodes=2 --node_rank=$SLURM_NODEID \
    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
    main_swav.py \
    --data_path $DATASET_PATH \
    --epochs 800 \
    --base_lr 4.8 \
    --size_crops 224 96 \
    --nmb_crops 2 6 \
    --dump_path $EXPERIMENT_PATH'
