#!/bin/bash
#SBATCH -N 3
#SBATCH --ntasks-per-node=120
#SBATCH -t 02:00:00
module load mpi/openmpi
export UCX_NET_DEVICES=mlx5_ib0:1
export UCX_TLS=rc,sm,self
mpirun -np 360 ./solver input.dat
