#!/bin/bash
#SBATCH --job-name=vit-b16-ddp
#SBATCH --account=m4431_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=02:00:00
#SBATCH --output=logs/%x-%j.out

# ViT-B/16 on ImageNet-1k with plain DDP.
# One srun task per GPU; the SLURM ids are mapped to the torch.distributed
# variables inside the task.

module load pytorch/2.3.1

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn
export FI_MR_CACHE_MONITOR=userfaultfd
export OMP_NUM_THREADS=8
export WANDB_PROJECT=vit-imagenet

# reversed so that GPU i sits next to the cores slurm hands to local task i
export CUDA_VISIBLE_DEVICES=3,2,1,0

echo "job $SLURM_JOB_ID: $SLURM_JOB_NUM_NODES nodes, master $MASTER_ADDR"

srun -u bash -c '
  export RANK=$SLURM_PROCID
  export LOCAL_RANK=$SLURM_LOCALID
  export WORLD_SIZE=$SLURM_NTASKS
  python -u train.py --config configs/vit_b16.yaml --data-dir $PSCRATCH/imagenet --epochs 90 --amp
'
