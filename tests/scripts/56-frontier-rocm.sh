#!/bin/bash
# family: fingerprints - Frontier via ROCm modules and MIOpen cache settings (https://docs.olcf.ornl.gov/software/analytics/pytorch_frontier.html)
#SBATCH -A ABC123
#SBATCH -J ddp
#SBATCH -o %x-%j.out
#SBATCH -t 00:30:00
#SBATCH -N 2
module load PrgEnv-gnu/8.5.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -W ignore -u ./ddp_frontier.py --master_addr=$MASTER_ADDR --master_port=3442
