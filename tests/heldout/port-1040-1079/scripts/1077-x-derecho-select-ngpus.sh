#!/bin/bash
#PBS -N cam6-emulator
#PBS -A UCUB0123
#PBS -q main
#PBS -l job_priority=regular
#PBS -l select=2:ncpus=64:mpiprocs=4:ngpus=4
#PBS -l gpu_type=a100
#PBS -l walltime=04:00:00
#PBS -j oe

# NCAR Derecho GPU nodes: 4x A100 40GB, 64 cores

module load ncarenv conda cuda
conda activate /glade/work/$USER/envs/torch-emu

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn
export MPICH_GPU_SUPPORT_ENABLED=1

# set_gpu_rank (NCAR helper) maps each local rank to its own GPU
mpiexec -n 8 -ppn 4 --cpu-bind depth -d 16 set_gpu_rank python train_emulator.py --config conf/cam6_emulator.yaml --epochs 40
