#!/bin/bash
#BSUB -P BIP214
#BSUB -W 2:00
#BSUB -nnodes 4
#BSUB -J resnet-summit
#BSUB -o resnet.%J.out
#BSUB -alloc_flags "smt4"

module load open-ce/1.5.2-py39-0
conda activate /gpfs/alpine/bip214/proj-shared/envs/oce

export MASTER_ADDR=$(cat $LSB_DJOB_HOSTFILE | sort | uniq | grep -v batch | head -n 1)
export MASTER_PORT=23456
# 6 resource sets per node, each one task with one V100 and 7 cores
jsrun -n 24 -a 1 -c 7 -g 1 -r 6 --bind=proportional-packed:7 python train_resnet.py --arch resnet101 --epochs 90
