#!/bin/bash
#SBATCH --job-name=gpt2-124M-llmc
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --time=12:00:00
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32

# llm.c: train_gpt2cu is the CUDA build (nvcc, sm_80), compiled on a login node
# beforehand with the same modules:  module load cudatoolkit cudnn; make train_gpt2cu
module load cudatoolkit
module load cudnn

export SLURM_CPU_BIND="cores"
export FI_MR_CACHE_MONITOR=userfaultfd
export NCCL_SOCKET_IFNAME=hsn

SYNC_DIR=$SCRATCH/llmc_sync/$SLURM_JOB_ID
mkdir -p $SYNC_DIR log_gpt2_124M

# multi-node init through the shared file system (-pi fs); one process per GPU
srun --gpu-bind=none bash -c "./train_gpt2cu \
    -i 'dev/data/fineweb10B/fineweb_train_*.bin' \
    -j 'dev/data/fineweb10B/fineweb_val_*.bin' \
    -o log_gpt2_124M -e d12 -b 64 -t 1024 -d 524288 -x 18865 -l 0.0006 \
    -pn \$SLURM_NTASKS -pr \$SLURM_PROCID -pg 4 -pf $SYNC_DIR -pi fs"
