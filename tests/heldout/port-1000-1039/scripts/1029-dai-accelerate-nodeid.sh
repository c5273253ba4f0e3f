#!/bin/bash
#SBATCH -J sft-acc
#SBATCH -A bfgt-dtai-gh
#SBATCH -p ghx4
#SBATCH -N4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 72
#SBATCH --mem=0
#SBATCH -t 12:00:00
#SBATCH -o %x.%j.log

module reset
module load python/miniforge3_pytorch/2.10.0
# aarch64 venv with accelerate on top of the module
source /projects/bfgt/venvs/accel-aarch64/bin/activate
export NCCL_SOCKET_IFNAME=hsn
export HEAD=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)

# \$SLURM_NODEID must be expanded per task, not by the batch shell
srun --export=ALL bash -c "accelerate launch --multi_gpu \
    --num_machines \$SLURM_NNODES --machine_rank \$SLURM_NODEID --num_processes 16 \
    --main_process_ip $HEAD --main_process_port 29500 --mixed_precision bf16 \
    train_sft.py --model Qwen/Qwen2.5-7B --train_file data/sft.jsonl --epochs 2"
