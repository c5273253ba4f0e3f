#!/bin/bash
#SBATCH --job-name=diff-train
#SBATCH --account=bbvf-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=20:00:00
#SBATCH --output=logs/%x-%j.out

module reset
module load python/miniforge3_pytorch/2.7.0
export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29600

# queue the sampling/eval job now; it only starts if this one ends cleanly
sbatch --dependency=afterok:$SLURM_JOB_ID sample_eval.sbatch

srun --cpu-bind=cores python train_diffusion.py --config configs/ldm_256.yaml --max-epochs 80
