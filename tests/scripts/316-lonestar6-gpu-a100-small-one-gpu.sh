#!/bin/bash
# family: TACC Lonestar6's gpu-a100-small queue (one A100, shared node): a single task with ibrun
#SBATCH -J bert-ft
#SBATCH -o bert-ft.o%j
#SBATCH -e bert-ft.e%j
#SBATCH -p gpu-a100-small
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
#SBATCH -A ASC23001
module load gcc/11.2.0 cuda/12.2 python3/3.9.7
source $WORK/venvs/torch/bin/activate
ibrun python3 finetune_bert.py --epochs 3 --lr 2e-5
