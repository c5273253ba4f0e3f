#!/bin/bash
# cluster: lonestar6
# no-errors
# absent: variable-unset
# settings kept under names the script builds (printf -v "OPT_${k^^}", declare "OPT_$k=...") from key=value pairs
#SBATCH -A ABC24001
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 04:00:00
for kv in lr=1e-4 epochs=30; do
    IFS='=' read -r k v <<< "$kv"
    printf -v "OPT_${k^^}" '%s' "$v"
done
declare "CFG_seed=7"
torchrun --standalone --nproc_per_node=3 train.py --lr "$OPT_LR" --epochs "$OPT_EPOCHS"
