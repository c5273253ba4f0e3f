#!/bin/bash
# family: not DDP - an MPI/CUDA application (GROMACS) on Perlmutter
# (https://docs.nersc.gov/applications/gromacs/)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH -c 32
#SBATCH --gpus-per-task=1
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m4444
#SBATCH -t 02:00:00
export OMP_NUM_THREADS=8
srun --cpu-bind=cores gmx_mpi mdrun -s topol.tpr -nb gpu -pme gpu -ntomp 8
