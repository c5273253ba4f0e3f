#!/bin/bash
#SBATCH --job-name=olmo-gh200
#SBATCH --account=bdqf-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --time=24:00:00
#SBATCH --output=logs/%x_%j.out

module load cuda/12.6.1
module load python/miniforge3_pytorch/2.7.0
source /work/nvme/bdqf/venvs/olmo-aarch64/bin/activate

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29400
export NCCL_SOCKET_IFNAME=hsn

srun torchrun --nnodes $SLURM_NNODES --nproc_per_node 4 \
    --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:$MASTER_PORT \
    scripts/train.py configs/olmo-1b.yaml --save_folder=/work/nvme/bdqf/olmo/ckpt --run_name=olmo1b-dtai
