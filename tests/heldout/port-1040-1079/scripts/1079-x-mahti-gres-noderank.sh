#!/bin/bash
#SBATCH --job-name=nllb-ft
#SBATCH --account=project_2009876
#SBATCH --partition=gpumedium
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=128
#SBATCH --gres=gpu:a100:4
#SBATCH --time=1-12:00:00
#SBATCH --output=%x-%j.out

# CSC Mahti
module purge
module load pytorch/2.5

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500

# one torchrun per node; single quotes so every task expands its own SLURM_NODEID
srun bash -c 'torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT finetune_nllb.py --model facebook/nllb-200-distilled-600M --src_lang fin_Latn --tgt_lang eng_Latn'
