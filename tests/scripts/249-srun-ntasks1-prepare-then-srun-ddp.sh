#!/bin/bash
# family: single-task data step (srun --ntasks=1, long spelling) before a one-task-per-GPU srun launch
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --account=m2468_g
#SBATCH --time=02:00:00
DATA=$PSCRATCH/imagenet_shards
srun --ntasks=1 --nodes=1 python build_shards.py --src /global/cfs/cdirs/m2468/imagenet --dst $DATA
srun python train_resnet.py --data $DATA --epochs 90
