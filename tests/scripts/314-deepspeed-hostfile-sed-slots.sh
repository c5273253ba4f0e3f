#!/bin/bash
# family: the DeepSpeed launcher over ssh with a hostfile written from the Slurm node list by sed
# (slots = GPUs per node), the config file next to the script
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=06:00:00
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=4/' > hostfile
export MASTER_ADDR=$(head -n 1 hostfile | cut -d' ' -f1)
deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 4 --master_addr $MASTER_ADDR train_gpt2.py \
    --deepspeed --deepspeed_config ds_config.json --epochs 2
