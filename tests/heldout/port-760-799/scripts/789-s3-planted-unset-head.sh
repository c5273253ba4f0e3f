#!/bin/bash
#SBATCH -J llama-sft
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 10:00:00
#SBATCH -A TG-CIS250077

module load python
source $SCRATCH/venvs/sft/bin/activate

head_node=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
echo "head node: $head_node"

ibrun torchrun --nnodes 2 --nproc_per_node 4 \
    --rdzv_backend c10d --rdzv_endpoint $HEAD_NODE:29500 --rdzv_id $SLURM_JOB_ID \
    sft.py --deepspeed configs/zero.json --model_name_or_path meta-llama/Llama-3.1-8B --num_train_epochs 1
