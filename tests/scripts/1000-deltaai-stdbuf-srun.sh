#!/bin/bash
# shape: `stdbuf -oL` before the program so the log is line-buffered
#SBATCH --account=bdqf-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --time=03:00:00

module load python/miniforge3_pytorch/2.7.0
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun stdbuf -oL -eL python train_lm.py --steps 20000
