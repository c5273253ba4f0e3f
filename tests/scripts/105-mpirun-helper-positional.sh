#!/bin/bash
# family: launcher details - one helper per node under Open MPI's mpirun (--map-by ppr:1:node), the
# head node and node count passed as positional arguments (the shape of TACC's Vista ML guide,
# https://docs.tacc.utexas.edu/hpc/vista/#ml); node_launch.sh lies next to this script
#SBATCH -J ddp
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 01:00:00
#SBATCH -A DEF24002
module load gcc cuda python3
HEAD=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
mpirun -np 2 --map-by ppr:1:node ./node_launch.sh $HEAD 2
