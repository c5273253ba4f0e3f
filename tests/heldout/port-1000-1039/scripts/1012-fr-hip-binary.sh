#!/bin/bash
#SBATCH -A GEN150
#SBATCH -J gpt2-hip
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -c 7
#SBATCH --gpu-bind=closest

# train_gpt2_hip is a HIP port of llm.c, built on a login node with
#   hipcc --offload-arch=gfx90a -O3 train_gpt2.hip -o train_gpt2_hip -lrccl -lhipblaslt -lmpi
module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load cray-mpich

export MPICH_GPU_SUPPORT_ENABLED=1
export NCCL_SOCKET_IFNAME=hsn0
export OMP_NUM_THREADS=7

srun ./train_gpt2_hip -i "data/fineweb_train_*.bin" -j "data/fineweb_val_*.bin" \
    -b 32 -t 1024 -d 524288 -x 10000 -o logs_gpt2_hip
