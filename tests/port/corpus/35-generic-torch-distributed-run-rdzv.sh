#!/bin/bash
#SBATCH --job-name=ddpm-cifar
#SBATCH --nodes=3                  # three nodes
#SBATCH --ntasks-per-node=1        # one launcher per node
#SBATCH --gpus-per-task=2          # two GPUs for each launcher
#SBATCH --cpus-per-task=16
#SBATCH --time=0-06:00:00
#SBATCH --partition=rtx8000

module load python/3.11 cuda/12.1
source $HOME/envs/diffusion/bin/activate

head_node=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)

export OMP_NUM_THREADS=8

srun python -m torch.distributed.run \
    --nnodes 3 \
    --nproc_per_node 2 \
    --rdzv_id $RANDOM \
    --rdzv_backend c10d \
    --rdzv_endpoint $head_node_ip:29500 \
    train_ddpm.py --dataset cifar10 --image-size 32 --train-steps 800000 --ema-decay 0.9999
