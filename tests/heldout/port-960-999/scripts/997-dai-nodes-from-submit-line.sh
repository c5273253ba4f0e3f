#!/bin/bash
# usage: sbatch --nodes=<N> scaling.sbatch    (N = 1, 2, 4, 8 for the scaling plot)
#SBATCH --job-name=scaling
#SBATCH --account=bbvf-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --time=01:00:00

module reset
module load python/miniforge3_pytorch/2.7.0
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python bench_ddp.py --model gpt2-xl --steps 200 --tag n$SLURM_NNODES
