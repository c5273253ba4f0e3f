#!/bin/bash
#SBATCH -J vit-b16-in1k
#SBATCH -A m4417_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 08:00:00
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -o logs/%x-%j.out

# one srun task per GPU; export_ddp_env.sh maps SLURM_PROCID/LOCALID/NTASKS
# onto RANK/LOCAL_RANK/WORLD_SIZE before python starts
module load pytorch/2.3.1

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29507
export FI_MR_CACHE_MONITOR=userfaultfd
export NCCL_SOCKET_IFNAME=hsn

DATA=$PSCRATCH/imagenet1k
mkdir -p logs ckpt
echo "job $SLURM_JOB_ID: $SLURM_JOB_NUM_NODES nodes, start $(date)"

srun -l -u bash -c "source export_ddp_env.sh && python train_vit.py --config configs/vit_b16.yaml --data-dir $DATA --amp --workers 8"

echo "done $(date)"
