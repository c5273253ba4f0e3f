#!/bin/bash
#SBATCH -J esm2-650m
#SBATCH -p gh
#SBATCH -N 16
#SBATCH -n 16
#SBATCH -t 24:00:00
#SBATCH -A CHE24003
#SBATCH -o esm.o%j

module load tacc-apptainer
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=12361
SIF=$SCRATCH/containers/pytorch-25.01-arm64.sif

# one rank per GH200 node; ranks come from PMI under ibrun
ibrun apptainer exec --nv $SIF bash -c 'RANK=$PMI_RANK WORLD_SIZE=$PMI_SIZE LOCAL_RANK=0 python3 train_esm.py --model esm2_t33_650M --data $SCRATCH/uniref50 --max-steps 250000'
