#!/bin/bash
# cluster: perlmutter
# family: variables - the job's own arguments forwarded to the training program (sbatch job.sh --lr 3e-4)
# modelled on https://docs.nersc.gov/jobs/examples/ (script arguments) and NERSC's DL examples
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
args="$@"
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train.py --config base.yaml $args
