#!/bin/bash
#SBATCH --job-name=mingpt-sky
#SBATCH --account=bfqa-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --time=03:00:00
#SBATCH --output=mingpt-%j.out

module reset
module load python/miniforge3_pytorch/2.7.0

# the run section of our SkyPilot task, its variables filled from Slurm
export SKYPILOT_NODE_IPS="$(scontrol show hostnames "$SLURM_JOB_NODELIST")"
export SKYPILOT_NUM_NODES=$SLURM_NNODES
export SKYPILOT_NUM_GPUS_PER_NODE=4
MASTER_ADDR=$(echo "$SKYPILOT_NODE_IPS" | head -n1)
export MASTER_ADDR

srun bash -c 'SKYPILOT_NODE_RANK=$SLURM_NODEID; torchrun \
  --nnodes=$SKYPILOT_NUM_NODES \
  --nproc_per_node=$SKYPILOT_NUM_GPUS_PER_NODE \
  --node_rank=$SKYPILOT_NODE_RANK \
  --master_addr=$MASTER_ADDR \
  --master_port=8008 \
  main.py trainer_config.max_epochs=10 data_config.path=data/input.txt'
