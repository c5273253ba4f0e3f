#!/bin/bash
# family: OLCF Frontier's PyTorch guide shape: one task per GCD, python with -W ignore -u, the
# rendezvous address passed as the program's own arguments
#SBATCH -A ABC123
#SBATCH -J ddp_test
#SBATCH -o logs/ddp_test-%j.o
#SBATCH -e logs/ddp_test-%j.e
#SBATCH -t 00:05:00
#SBATCH -p batch
#SBATCH -N 2
module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
source activate /lustre/orion/abc123/proj-shared/envs/torch-rocm
export MASTER_ADDR=$(hostname -i)
export NCCL_SOCKET_IFNAME=hsn0
srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -W ignore -u ./multinode_ddp.py 2000 10 --master_addr=$MASTER_ADDR --master_port=3442
