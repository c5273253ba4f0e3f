#!/bin/bash
# cluster: delta
# family: srun one torchrun per node on the A100 partition, account and partition given
# modelled on https://docs.ncsa.illinois.edu/systems/delta/en/latest/user_guide/running_jobs.html
#SBATCH --account=bcde-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --mem=200g
#SBATCH --time=12:00:00
module load python/3.11 cuda/12.4
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint="$head:29500" --rdzv_id="$SLURM_JOB_ID" finetune.py --model llama3-8b
