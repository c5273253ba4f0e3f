#!/bin/bash
# family: accelerate launch on several nodes with the total number of processes computed from Slurm's
# counts, the machine rank from the node id, one task per node
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=12:00:00
GPUS_PER_NODE=4
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "accelerate launch --multi_gpu --num_machines $SLURM_NNODES --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) --machine_rank \$SLURM_NODEID --main_process_ip $head --main_process_port 29500 train_dpo.py --beta 0.1 --lr 5e-7"
