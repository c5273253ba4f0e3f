#!/bin/bash
#SBATCH -J mae-large
#SBATCH -A m4138_g
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -t 20:00:00
#SBATCH -N 8
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -o %x-%j.out

module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29531

ARGS=(
    --model mae_vit_large_patch16
    --batch_size 64
    --epochs 800
    --blr 1.5e-4
    --data_path $PSCRATCH/imagenet
)
echo "args: ${ARGS[*]}"

srun --cpu-bind=cores numactl --interleave=all python main_pretrain.py "${ARGS[@]}"
