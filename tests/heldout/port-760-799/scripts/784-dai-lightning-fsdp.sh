#!/bin/bash
#SBATCH --job-name=vitl-fsdp
#SBATCH --account=bbvz-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --time=16:00:00

module reset
module load python/miniforge3_pytorch/2.7.0
export NCCL_SOCKET_IFNAME=hsn

# Lightning reads its ranks from Slurm: tasks per node must equal devices
srun python train.py fit --config configs/vit_l.yaml \
    --trainer.num_nodes=2 --trainer.devices=4 --trainer.strategy=fsdp
