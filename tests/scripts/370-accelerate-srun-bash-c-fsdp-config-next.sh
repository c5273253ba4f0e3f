#!/bin/bash
# family: HF accelerate on 2 nodes, one srun task per node, the config file beside the script
#SBATCH --job-name=accel-fsdp
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=10:00:00

export HEAD_IP=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c 'accelerate launch --config_file accel_fsdp.yaml \
    --num_machines $SLURM_NNODES --num_processes $((SLURM_NNODES * 4)) \
    --machine_rank $SLURM_NODEID --main_process_ip $HEAD_IP --main_process_port 29500 \
    train_sft.py --model_name meta-llama/Llama-3.1-8B --bf16'
