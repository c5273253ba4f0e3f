#!/bin/bash
#SBATCH --job-name=accel_ds
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gpus-per-node=4
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --time=06:00:00

# Adapted from maple's delta-accelerate template: DeepSpeed ZeRO-3 through accelerate.

module reset
module load pytorch-conda/2.12
module load nccl

export NCCL_SOCKET_IFNAME=hsn

MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
# shellcheck disable=SC2016  # expanded per task by the inner bash
srun -N 2 -n 2 --ntasks-per-node=1 bash -c 'accelerate launch --num_machines 2 --num_processes 8 --machine_rank $SLURM_PROCID --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT --use_deepspeed --zero_stage 3 --mixed_precision bf16 --deepspeed_multinode_launcher=standard finetune.py --model_name_or_path meta-llama/Llama-3.1-8B --output_dir /projects/bbka/ckpt/run3'
