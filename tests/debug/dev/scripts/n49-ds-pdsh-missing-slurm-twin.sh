#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
deepspeed --hostfile hostfile train.py --deepspeed ds.json
