#!/bin/bash
# family: the older `flux mini run` spelling (flux-core before 0.49) with a bare-minutes time limit,
# 8 GPUs per node (Corona style), tasks per node given instead of a total
#FLUX: -N 2
#FLUX: -t 60
#FLUX: -q pbatch

module load rocm
export MIOPEN_USER_DB_PATH=/tmp/$USER-miopen
flux mini run -N 2 --tasks-per-node=8 --gpus-per-node=8 python3 train_unet.py --batch-size 16
