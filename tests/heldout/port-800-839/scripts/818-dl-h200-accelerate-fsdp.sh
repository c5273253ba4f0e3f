#!/bin/bash
#SBATCH --job-name=qwen-sft
#SBATCH --account=bcxv-delta-gpu
#SBATCH --partition=gpuH200x8
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=01:45:00
#SBATCH --constraint=projects

module reset
module load pytorch-conda/2.8
source /projects/bcxv/venvs/sft/bin/activate
trap 'echo "job $SLURM_JOB_ID finished with status $?"' EXIT

time accelerate launch \
    --num_machines 1 --num_processes 8 \
    --mixed_precision bf16 \
    --use_fsdp \
    --fsdp_sharding_strategy FULL_SHARD \
    --fsdp_auto_wrap_policy TRANSFORMER_BASED_WRAP \
    --fsdp_transformer_layer_cls_to_wrap Qwen2DecoderLayer \
    --fsdp_state_dict_type SHARDED_STATE_DICT \
    sft_qwen.py --model Qwen/Qwen2.5-7B --data /projects/bcxv/data/ultrachat --epochs 1 --lr 1e-5
