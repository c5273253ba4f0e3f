#!/bin/bash
# family: a comment after the backslash with two blanks ("\  # note"): the comment ends the command
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 00:30:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python seg_train.py --arch unet \  # model
  --batch 16
