#!/bin/bash
#SBATCH --job-name=ds_runner
#SBATCH --account=cis230001-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=128
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00

# Adapted from maple's anvil-deepspeed-zero3 template: the user switched to the deepspeed runner.

# --- software environment ---
module load modtree/gpu
module load conda/2025.09
conda activate "$PROJECT/envs/ds"

# --- hostfile for the deepspeed runner ---
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=4/' > "hostfile_${SLURM_JOB_ID}"

# --- launch ---
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
deepspeed --hostfile "hostfile_${SLURM_JOB_ID}" --num_nodes 2 --num_gpus 4 --master_addr "$MASTER_ADDR" --master_port "$MASTER_PORT" --launcher=slurm ds_train.py --micro-batch-size 4 --deepspeed --deepspeed_config ds_config_zero3.json
