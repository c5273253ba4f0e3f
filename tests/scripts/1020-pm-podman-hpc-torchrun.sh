#!/bin/bash
#SBATCH -A m3363_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

srun podman-hpc run --rm --gpu --net host -v $PSCRATCH:/scratch -w /work registry.nersc.gov/m3363/trainer:1.4 \
    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
    train.py --data /scratch/climate --epochs 40
