#!/bin/bash
# cluster: vista
# family: one GH200 per node, ibrun one rank per node, ranks from MPI
# modelled on https://docs.tacc.utexas.edu/hpc/vista/ (Grace Hopper nodes, running jobs)
#SBATCH -J vista-ddp
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 04:00:00
#SBATCH -A ASC24001
module load gcc cuda python3
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12355
ibrun python train.py --world-from-mpi
