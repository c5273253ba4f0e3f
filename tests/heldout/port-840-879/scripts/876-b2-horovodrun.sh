#!/bin/bash
#SBATCH -J hvd-bench
#SBATCH -A cis230051p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH -t 08:00:00

module load AI/pytorch_23.02-1.13.1-py3
cd /ocean/projects/cis230051p/$USER/hvd

# "host:slots" list for horovodrun, 8 V100s per node
HOSTS=$(scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/:8/' | paste -sd,)

horovodrun -np 16 -H $HOSTS python pytorch_synthetic_benchmark.py --model resnet50 --batch-size 64 --num-iters 50
