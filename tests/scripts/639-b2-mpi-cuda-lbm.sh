#!/bin/bash
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH -t 03:00:00
#SBATCH -A phy240017p
#SBATCH -J lbm3d

module load nvhpc/22.9
module load openmpi/4.0.5-nvhpc22.9
cd /ocean/projects/phy240017p/$USER/lbm3d

# CUDA-aware MPI lattice-Boltzmann code, built for V100 (sm_70)
make -j8 ARCH=sm_70
echo "ranks: $SLURM_NTASKS $(date)"

mpirun -np $SLURM_NTASKS --map-by ppr:8:node --bind-to core ./lbm3d_cuda -i inputs/cavity_1024.in -o $PROJECT/lbm_out
