#!/bin/bash
# family: a Slurm job array whose seed is computed in shell arithmetic from the bare array index
# ($(( NAME * k )) reads NAME without a dollar sign); a port to PBS must rename it there too
#SBATCH --job-name=sweep-seeds
#SBATCH --array=0-4
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00

module load python/3.11
source ~/venvs/cls/bin/activate

SEED=$(( SLURM_ARRAY_TASK_ID * 7 + 1 ))
echo "element $SLURM_ARRAY_TASK_ID uses seed $SEED"
srun python train_cls.py --seed $SEED --epochs 30
