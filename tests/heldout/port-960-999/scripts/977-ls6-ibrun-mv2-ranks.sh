#!/bin/bash
#SBATCH -J ls6-ddp
#SBATCH -o ls6-ddp.o%j
#SBATCH -e ls6-ddp.e%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 08:00:00
#SBATCH -A ASC24017
#SBATCH --mail-type=end

module load gcc/11.2.0 cuda/12.2 python3/3.9.7
source $SCRATCH/envs/torch/bin/activate

# ibrun starts 3 MPI tasks per node; dist_init.py in the repo maps MV2_COMM_WORLD_RANK,
# MV2_COMM_WORLD_LOCAL_RANK and MV2_COMM_WORLD_SIZE to RANK, LOCAL_RANK and WORLD_SIZE
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=12355

ibrun python train.py --arch convnext_tiny --data $SCRATCH/imagenet --epochs 90
