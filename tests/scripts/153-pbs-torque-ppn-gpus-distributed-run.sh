#!/bin/bash
# family: Torque/PBS nodes=1:ppn=16:gpus=2 with one torchrun on the node
#PBS -N tq
#PBS -l nodes=1:ppn=16:gpus=2
#PBS -l walltime=04:00:00
cd "$PBS_O_WORKDIR" || exit 1
torchrun --standalone --nproc_per_node=2 train.py --workers 8
