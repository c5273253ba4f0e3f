#!/bin/bash
#SBATCH -J esm650-h100
#SBATCH -p gpu-h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 24:00:00
#SBATCH -o %x.%j.out

module load python3/3.9.7
source $SCRATCH/python-envs/esm/bin/activate

# hyper-parameters come as key=value pairs; split each with a here-string and keep it as HP_<KEY>
RUNCARD="lr=4e-4 warmup=2000 max_tokens=262144"
for kv in $RUNCARD; do
    IFS='=' read -r key val <<< "$kv"
    printf -v "HP_${key^^}" '%s' "$val"
done

# the gpu-h100 nodes have two H100 PCIe cards
torchrun --standalone --nproc_per_node=2 pretrain_esm.py --model esm2_t33_650M --lr "$HP_LR" --warmup "$HP_WARMUP" --max-tokens "$HP_MAX_TOKENS"
