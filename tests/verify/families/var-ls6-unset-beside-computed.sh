#!/bin/bash
# cluster: lonestar6
# expect: variable-unset error $BATCH
# a computed name (OPT_...) says nothing of another prefix: $BATCH is set nowhere
#SBATCH -A ABC24001
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 04:00:00
for kv in lr=1e-4; do
    IFS='=' read -r k v <<< "$kv"
    printf -v "OPT_${k^^}" '%s' "$v"
done
torchrun --standalone --nproc_per_node=3 train.py --lr "$OPT_LR" --batch $BATCH
