#!/bin/bash
#SBATCH -J lj-weak-16
#SBATCH -A m4231_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 02:00:00

module load lammps/2024.08.29-gpu
export OMP_NUM_THREADS=1
export OMP_PROC_BIND=spread
export OMP_PLACES=threads

INPUT=in.lj_weak
srun -n 16 -c 32 --cpu-bind=cores --gpu-bind=none lmp -k on g 4 -sf kk -pk kokkos newton on neigh half -var nx 8 -in $INPUT -log log.lj.$SLURM_JOB_ID
