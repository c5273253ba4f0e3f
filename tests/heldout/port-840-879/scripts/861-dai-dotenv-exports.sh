#!/bin/bash
#SBATCH --job-name=tab-transformer
#SBATCH --account=bdqf-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --time=03:00:00

cd /projects/bdqf/$USER/tabular
# WANDB_API_KEY, WANDB_PROJECT and DATA_DIR live in .env (not in git)
set -a
source .env
set +a

module reset
module load python/miniforge3_pytorch/2.7.0

export LR=${LR:-3e-4}
export WARMUP=2000
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500

srun python src/train.py --lr $LR --warmup $WARMUP --data $DATA_DIR --project $WANDB_PROJECT
