#!/bin/bash
# s24: a resume option set only when a checkpoint exists (empty otherwise), used unquoted
#SBATCH --account=bcde-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00

module load python/miniforge3_pytorch/2.7.0
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
RESUME=""
if [ -f ckpt/last.pt ]; then
    RESUME="--resume ckpt/last.pt"
fi
srun python train_detr.py --epochs 100 $RESUME
