#!/bin/bash
# family: TACC ibrun -n 1 -o 0 conversion step, then one ibrun task per GPU for the training
#SBATCH -J gh-train
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -p gh
#SBATCH -A ABC24007
#SBATCH -t 03:00:00
ibrun -n 1 -o 0 python convert_checkpoint.py --in hf_ckpt/ --out ckpt/
ibrun python pretrain.py --ckpt ckpt/ --bf16
