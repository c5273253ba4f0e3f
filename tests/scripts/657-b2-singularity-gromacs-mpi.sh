#!/bin/bash
#SBATCH -J stmv-gmx
#SBATCH -A che240012p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH --cpus-per-task=5
#SBATCH -t 08:00:00
#SBATCH -o gmx-%j.out

# our own image: GROMACS 2024 built with CUDA 12 and Open MPI
SIF=$PROJECT/containers/gromacs2024_cuda12_mpi.sif
export GMX_ENABLE_DIRECT_GPU_COMM=1
export OMP_NUM_THREADS=5
cd $PROJECT/stmv

mpirun -np 16 --map-by ppr:8:node \
    singularity exec --nv $SIF \
    gmx_mpi mdrun -ntomp 5 -nb gpu -pme gpu -npme 1 -update gpu \
        -nsteps 100000 -resetstep 90000 -noconfout -dlb no -s topol.tpr
