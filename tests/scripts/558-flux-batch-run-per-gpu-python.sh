#!/bin/bash
# family: a Flux batch job (LLNL El Capitan style): #flux: directives, one task per GPU started by
# `flux run` with per-task GPUs; the cluster (4 APUs per node) is none maple knows
#flux: -N 2
#flux: -t 2h
#flux: -q pbatch
#flux: --exclusive
#flux: --job-name=vit-b16

module load rocm/6.2.1
source /usr/workspace/$USER/venvs/torch/bin/activate

export MASTER_ADDR=$(flux hostlist --nth=0 instance)
export MASTER_PORT=29500
flux run -N 2 -n 8 -g 1 -o gpu-affinity=per-task python train_vit.py --epochs 10 --lr 3e-4
