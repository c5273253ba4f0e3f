#!/bin/bash
# family: Frontier srun with the ROCm environment set by hand (ROCm module, MIOpen cache on /tmp, NCCL
# over libfabric), one task per GCD, the program as a module entry point
#SBATCH -A abc123
#SBATCH -J rocm-ddp
#SBATCH -N 2
#SBATCH -t 01:00:00
#SBATCH -p batch
#SBATCH -C nvme
module load PrgEnv-gnu rocm/6.2.4 craype-accel-amd-gfx90a
source activate /lustre/orion/abc123/proj-shared/envs/torch
export MIOPEN_USER_DB_PATH=/tmp/miopen-$SLURM_JOB_ID
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
export NCCL_SOCKET_IFNAME=hsn0
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -N 2 -n 16 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest python -m trainer.run --epochs 4 --bf16
