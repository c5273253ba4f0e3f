#!/bin/bash
#SBATCH -J llama-sft-fsdp
#SBATCH -A m4141
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 10:00:00
#SBATCH -o sft-%j.log

module load pytorch/2.6.0
source $PSCRATCH/venvs/accel/bin/activate

export HEAD_NODE=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
export HF_HOME=$PSCRATCH/hf-cache

# one accelerate launcher per node; the single quotes keep $SLURM_PROCID
# for each task to expand (it is the node index with one task per node)
srun bash -c 'accelerate launch \
    --num_machines $SLURM_NNODES \
    --num_processes $((SLURM_NNODES * 4)) \
    --machine_rank $SLURM_PROCID \
    --main_process_ip $HEAD_NODE \
    --main_process_port 29600 \
    --mixed_precision bf16 \
    --use_fsdp \
    --fsdp_sharding_strategy FULL_SHARD \
    --fsdp_auto_wrap_policy TRANSFORMER_BASED_WRAP \
    train_sft.py --model meta-llama/Llama-3.1-8B --dataset data/sft.jsonl --max-steps 4000'
