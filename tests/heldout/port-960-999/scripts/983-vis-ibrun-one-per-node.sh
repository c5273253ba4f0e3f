#!/bin/bash
#SBATCH -J vista-ddp
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 24:00:00
#SBATCH -A CCR25006
#SBATCH -o vista-ddp.%j.out

module load gcc cuda
module load python3
source $SCRATCH/venvs/gh/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
export OMP_NUM_THREADS=72
# one task per Grace Hopper node; the program takes PMI_RANK / PMI_SIZE, its local rank is always 0
ibrun python train_vae.py --latent 16 --steps 200000 --out $SCRATCH/vae
