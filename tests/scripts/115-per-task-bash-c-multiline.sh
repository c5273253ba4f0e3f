#!/bin/bash
# family: launcher details - a multi-line per-task bash -c that sets the rank and runs python once per node
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -A m2222_g
#SBATCH -q regular
#SBATCH -t 02:00:00
export MASTER_ADDR=$(hostname)
srun -l bash -c '
export RANK=$SLURM_PROCID
python train.py --rank $RANK
'
