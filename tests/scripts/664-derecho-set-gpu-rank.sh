#!/bin/bash -l
#PBS -N fuxi-ddp
#PBS -A P93300642
#PBS -q main
#PBS -l select=2:ncpus=64:ngpus=4:mpiprocs=4:ompthreads=16
#PBS -l walltime=12:00:00
#PBS -l gpu_type=a100
#PBS -j oe

module load ncarenv/24.12 cuda cray-mpich conda
conda activate $WORK/envs/fuxi
cd $PBS_O_WORKDIR

export MASTER_ADDR=$(head -n1 $PBS_NODEFILE)
export MASTER_PORT=1234
export MPICH_GPU_SUPPORT_ENABLED=1

# NCAR's set_gpu_rank sets CUDA_VISIBLE_DEVICES from the local rank: one GPU per MPI rank
mpiexec -n 8 --ppn 4 --cpu-bind depth -d 16 set_gpu_rank python train_fuxi.py --config cfg/fuxi_025.yaml --backend nccl
