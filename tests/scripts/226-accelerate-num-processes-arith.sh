#!/bin/bash
# family: accelerate launch per node in srun bash -c, process count computed from the node count
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=05:00:00
export GPUS_PER_NODE=4
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=6000
srun bash -c 'accelerate launch --multi_gpu --num_machines $SLURM_NNODES --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) --machine_rank $SLURM_NODEID --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT --mixed_precision bf16 train.py --output_dir out'
