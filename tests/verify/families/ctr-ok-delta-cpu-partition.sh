#!/bin/bash
# cluster: delta
# absent: container-no-gpu
#SBATCH --account=bbka-delta-cpu
#SBATCH --partition=cpu
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=16
#SBATCH --time=02:00:00
srun apptainer exec /sw/external/NGC/pytorch_22.02-py3.sif python preprocess_shards.py --workers 16
