#!/bin/bash
# family: a file sourced by a relative path, then a cd into a sub-directory of the submit directory,
# then the launch from there
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00
#SBATCH --account=m5555_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
source ./env/vars.sh
cd experiments/run7
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29517
srun python ../../train.py --config cfg.yaml --epochs 8
