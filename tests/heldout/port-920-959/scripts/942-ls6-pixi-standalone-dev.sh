#!/bin/bash
#SBATCH -J bert-mrpc
#SBATCH -p gpu-a100-dev
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 01:30:00
#SBATCH -A CDA24008

cd $WORK/projects/glue-bench
# pixi resolves the env from pixi.toml / pixi.lock in this directory
export PATH=$HOME/.pixi/bin:$PATH

pixi run torchrun --standalone --nproc_per_node=3 finetune_bert.py --task mrpc --model bert-large-cased --epochs 5 --lr 2e-5
