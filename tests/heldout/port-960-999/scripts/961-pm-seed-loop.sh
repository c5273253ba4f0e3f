#!/bin/bash
#SBATCH --job-name=ft-seeds
#SBATCH --account=m3792_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00

module load pytorch/2.1.0-cu12
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29507

# three seeds back to back in one allocation; every run uses the whole node
for seed in 11 22 33; do
    srun --gpu-bind=none python finetune.py --seed $seed --lr 3e-4 --out runs/seed_$seed
done
