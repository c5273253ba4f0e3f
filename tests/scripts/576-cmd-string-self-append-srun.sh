#!/bin/bash
# family: a launch command built up in one string variable that refers to itself
# (CMD="$CMD --flag") and grows with +=, run unquoted by srun; NERSC Perlmutter
#SBATCH -A m4321_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 06:00:00

module load pytorch/2.3.1
DATA=$PSCRATCH/era5
CMD="python -u train_fourcast.py"
CMD="$CMD --data $DATA --yaml configs/afno.yaml"
CMD+=" --epochs 80"
CMD+=" --amp"
echo "$CMD"
srun $CMD
