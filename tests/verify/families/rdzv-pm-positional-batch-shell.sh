#!/bin/bash
# cluster: perlmutter
# expect: master-addr-missing error --master_addr=$1
# the batch shell's own $1 (an argument of sbatch job.sh, which nothing here gives) stays a finding
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=static --master_addr=$1 --master_port=29500 train.py
