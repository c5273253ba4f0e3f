#!/bin/bash
# widen: several srun steps - the training, then a one-task evaluation of its checkpoint
#SBATCH -A m4400_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00

module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train_bert.py --config bert_large.json --output_dir runs/bert
srun -N 1 -n 1 python evaluate.py --checkpoint runs/bert/final.pt --task squad
