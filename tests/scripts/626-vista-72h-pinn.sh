#!/bin/bash
#SBATCH -J pinn-long
#SBATCH -o pinn.o%j
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 72:00:00
#SBATCH -A DMS25002

module load gcc cuda
module load python3
source $SCRATCH/venvs/pinn/bin/activate
cd $SCRATCH/pinn

# each rank reads PMI_RANK/PMI_SIZE itself; one GH200 per node
ibrun python3 train_pinn.py --pde navier_stokes --iters 2000000 --ckpt $SCRATCH/pinn/ckpt
