#!/bin/bash
# s24: the run's settings from the user's own file (source ./env.sh exports DATA_ROOT and RUN_NAME)
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00

module load anaconda3_gpu
source ./env.sh
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun python train_gnn.py --data $DATA_ROOT/ogbn --run $RUN_NAME
