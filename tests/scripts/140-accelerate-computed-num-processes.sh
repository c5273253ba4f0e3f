#!/bin/bash
# family: accelerate launch with the totals computed from Slurm variables, under a per-node srun
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=06:00:00
GPUS_PER_NODE=4
head_node_ip=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export LAUNCHER="accelerate launch --num_machines $SLURM_NNODES --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) --rdzv_backend c10d --main_process_ip $head_node_ip --main_process_port 29500"
export SCRIPT="train_lora.py --rank 16"
srun bash -c "$LAUNCHER --machine_rank \$SLURM_PROCID $SCRIPT"
