#!/bin/bash
# cluster: stampede3
# expect: variable-unset warning CKPT=
# no-errors
#SBATCH -A TG-ABC12345
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
# PROJECT_DATA is exported in the submitting shell (sbatch passes the environment on)
CKPT=$PROJECT_DATA/ckpt/$SLURM_JOB_ID
torchrun --standalone --nproc_per_node=4 train.py --ckpt-dir $CKPT
