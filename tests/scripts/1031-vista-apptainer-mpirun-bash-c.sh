#!/bin/bash
#SBATCH -J gh-cont
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00

module load tacc-apptainer openmpi
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29700

mpirun -np 2 --map-by ppr:1:node apptainer exec --nv $SCRATCH/images/pt-arm64.sif \
    bash -c 'RANK=$OMPI_COMM_WORLD_RANK LOCAL_RANK=0 WORLD_SIZE=$OMPI_COMM_WORLD_SIZE python train_llm.py --steps 20000'
