#!/bin/bash
# family: Frontier's own shape - one rank per GCD with -c7, --gpus-per-task=1 and --gpu-bind=closest,
# MASTER_ADDR from the first node, ROCm and the AWS OFI RCCL plugin loaded
#SBATCH -A STF123
#SBATCH -J gcd-ddp
#SBATCH -t 01:30:00
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -S 0
module load PrgEnv-gnu rocm/6.1.3
export MIOPEN_USER_DB_PATH=/tmp/$USER-miopen
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
srun -N4 -n32 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -u train.py --bs 32 --workers 6
