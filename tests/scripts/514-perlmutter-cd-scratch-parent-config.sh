#!/bin/bash
# family: Perlmutter, a cd into $SCRATCH and a config path relative to it (not carried)
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 12:00:00
module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29507
cd $SCRATCH/runs/gpt
srun -l python -u train_gpt.py --config ../configs/gpt_1b.yaml
