#!/bin/bash
#SBATCH -J t5-fsdp
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 20:00:00
#SBATCH -A TG-MCB250041
#SBATCH -o t5.%j.out

module load python
source $SCRATCH/venvs/hf/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29512

ibrun bash -c 'accelerate launch --num_machines 2 --num_processes 8 \
    --machine_rank $PMI_RANK --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT \
    --use_fsdp --fsdp_sharding_strategy FULL_SHARD --fsdp_auto_wrap_policy TRANSFORMER_BASED_WRAP \
    --mixed_precision bf16 \
    train_t5.py --model_name google/t5-v1_1-xl --epochs 3'
