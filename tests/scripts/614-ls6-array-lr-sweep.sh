#!/bin/bash
#SBATCH -J lr-sweep
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 04:00:00
#SBATCH --array=0-5
#SBATCH -o sweep_%A_%a.out

LRS=(1e-4 3e-4 1e-3 3e-3 1e-2 3e-2)
LR=${LRS[$SLURM_ARRAY_TASK_ID]}

module load python3/3.9.7
source $SCRATCH/python-envs/torch/bin/activate
cd $WORK/sweeps
echo "task $SLURM_ARRAY_TASK_ID lr=$LR host=$(hostname) $(date)"

torchrun --standalone --nproc_per_node=3 sweep_train.py --lr $LR --run-name lr_$LR --epochs 30
