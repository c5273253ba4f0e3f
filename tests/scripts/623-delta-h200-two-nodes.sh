#!/bin/bash
#SBATCH --job-name=llama70b-lora
#SBATCH --account=bbjr-delta-gpu
#SBATCH --partition=gpuH200x8
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=16:00:00
#SBATCH --output=lora70b-%j.out

module reset
module load pytorch-conda/2.8
source /projects/bbjr/venvs/peft/bin/activate
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -1)
echo "$(date) head=$head"

srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$head:29500 \
    lora_finetune.py --base meta-llama/Llama-3.1-70B --rank 64 --seq 8192
