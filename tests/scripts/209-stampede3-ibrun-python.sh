#!/bin/bash
# family: TACC Stampede3 H100 nodes, ibrun starts one rank per GPU
#SBATCH -J ddp
#SBATCH -o ddp.o%j
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 8
#SBATCH -t 01:00:00
#SBATCH -A ABC24001
module load cuda
source $WORK/venv/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
ibrun python train.py --steps 1000
