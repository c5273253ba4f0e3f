#!/bin/bash
# family: GPT-NeoX on Slurm: one task per node, a DeepSpeed hostfile written from the node list with
# 8 slots each, deepy.py (NeoX's wrapper of DeepSpeed's launcher) with a config directory (-d)
#SBATCH --job-name=neox-1-3B
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --cpus-per-task=96
#SBATCH --exclusive

source /fsx/neox/env/bin/activate
GPUS_PER_NODE=8
scontrol show hostnames $SLURM_JOB_NODELIST | while read -r h; do echo "$h slots=$GPUS_PER_NODE"; done > hostfile
export DLTS_HOSTFILE=$PWD/hostfile
python ./deepy.py train.py -d configs 1-3B.yml slurm_local.yml
