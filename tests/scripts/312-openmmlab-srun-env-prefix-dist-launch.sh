#!/usr/bin/env bash
# family: OpenMMLab's dist_train-on-Slurm shape, run from a login node: a PYTHONPATH assignment before
# srun, srun's own partition and --gres, torch.distributed.launch with the GPUs from the 2nd argument
CONFIG=$1
GPUS=$2
PORT=${PORT:-29502}
PYTHONPATH="$(dirname $0)/..":$PYTHONPATH \
srun -p basemodel -n1 --gres=gpu:8 --ntasks-per-node=1 --cpus-per-task=112 --kill-on-bad-exit=1 \
python -m torch.distributed.launch --nproc_per_node=$GPUS --master_port=$PORT \
    tools/train.py $CONFIG --launcher pytorch ${@:3}
