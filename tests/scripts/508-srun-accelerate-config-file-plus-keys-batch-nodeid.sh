#!/bin/bash
# family: srun accelerate launch per node, the user config file plus machine keys on the line, node rank from the batch shell
#SBATCH --job-name=sft
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=64
#SBATCH --time=10:00:00
source .venv/bin/activate
export MAIN_IP=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun accelerate launch \
  --config_file configs/fsdp.yaml \
  --num_machines $SLURM_NNODES \
  --num_processes $((SLURM_NNODES * 4)) \
  --machine_rank $SLURM_NODEID \
  --main_process_ip $MAIN_IP \
  --main_process_port 29500 \
  sft.py --model llama-3-8b --lr 2e-5
