#!/bin/bash
# family: srun bash -lc "..." - a login shell per task that activates conda and runs the program, with the
# task's rank escaped so each task expands its own
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun bash -lc "conda activate dl && python train_seg.py --rank \$SLURM_PROCID --world-size \$SLURM_NTASKS --epochs 50"
