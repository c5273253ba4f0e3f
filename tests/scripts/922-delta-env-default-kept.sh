#!/bin/bash
# family: variables - values the caller may give from the environment (NAME=${NAME:-default}) stay live
#SBATCH --account=bdef-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00

module load anaconda3_gpu
NUM_WORKERS=${NUM_WORKERS:-8}
EPOCHS=${EPOCHS:-20}
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train_cls.py --num-workers $NUM_WORKERS --epochs $EPOCHS
