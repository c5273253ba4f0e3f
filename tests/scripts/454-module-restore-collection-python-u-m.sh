#!/bin/bash
# family: the environment comes from a saved module collection (module restore NAME); one task per GPU
# starts an unbuffered Python module (python -u -m pkg.entry)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 8
#SBATCH -t 06:00:00
module purge
module restore torch-env
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python -u -m segmenter.fit --config configs/unet_l.yaml --amp
