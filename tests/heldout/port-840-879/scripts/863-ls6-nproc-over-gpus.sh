#!/bin/bash
#SBATCH -J bert-mlm
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH -t 08:00:00
#SBATCH -A CCR23041
#SBATCH -o %x.%j.out

module load python3/3.9.7
source /work/05531/asmith/ls6/envs/mlm/bin/activate

GPUS_PER_NODE=4            # A100 node
MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

ibrun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=$GPUS_PER_NODE \
     --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
     run_mlm.py --model_name_or_path bert-base-uncased --max_seq_length 512
