#!/bin/bash
#SBATCH --job-name=dpo-qwen
#SBATCH --account=bcjw-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=06:00:00
#SBATCH --output=dpo-%j.log

module reset
module load python/miniforge3_pytorch/2.7.0
source /work/nvme/bcjw/venvs/trl-arm/bin/activate

export MAIN_IP=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export GPUS_PER_NODE=4

# single quotes: SLURM_NODEID is expanded by each task, not by the batch shell
srun --ntasks-per-node=1 bash -c 'accelerate launch \
    --num_machines $SLURM_NNODES \
    --machine_rank $SLURM_NODEID \
    --num_processes $(( SLURM_NNODES * GPUS_PER_NODE )) \
    --main_process_ip $MAIN_IP \
    --main_process_port 29571 \
    --mixed_precision bf16 \
    train_dpo.py --model Qwen/Qwen2.5-7B-Instruct --beta 0.1 --dataset ultrafeedback_binarized'
