#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=16
export UCX_NET_DEVICES=mlx5_2:1,mlx5_3:1
export OMPI_MCA_pml=ucx
srun --mpi=pmix ./lbm_solver params.ini
