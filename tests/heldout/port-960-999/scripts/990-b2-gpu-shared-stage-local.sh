#!/bin/bash
#SBATCH -J b2-shared
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:4
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=5
#SBATCH -t 12:00:00
#SBATCH -A bio230019p

module load AI/pytorch_23.02-1.13.1-py3
# copy the particles to the node-local disk first ($LOCAL is the job's node scratch on Bridges-2)
cp -r /ocean/projects/bio230019p/$USER/cryoem $LOCAL/
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train_cryo.py --data $LOCAL/cryoem --amp --epochs 60
