#!/bin/bash
# family: Flux (LLNL) batch script with upper-case #FLUX: directives and flux submit of the training job
#FLUX: -N 4
#FLUX: -t 120m
#FLUX: -q pbatch
#FLUX: --job-name=vit-ddp
export OMP_NUM_THREADS=8
flux submit -N 4 -n 16 -g 1 --output=train.{{id}}.log python train.py --model vit_b16 --epochs 30
flux queue drain
