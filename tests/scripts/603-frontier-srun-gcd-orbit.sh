#!/bin/bash
#SBATCH -A BIF151
#SBATCH -J vit-climate
#SBATCH -o %x-%j.out
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 8
#SBATCH -C nvme
#SBATCH --network=disable_rdzv_get

# one task per GCD (8 per node), OLCF advises against torchrun here
module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
module load rccl-net-plugin
source activate /lustre/orion/bif151/proj-shared/envs/torch-rocm62

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache-${SLURM_JOB_ID}"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
export OMP_NUM_THREADS=7

date
srun -N 8 -n 64 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python3 -u pretrain_orbit.py --arch vit_large --patch 4 --data /lustre/orion/bif151/proj-shared/era5 --bf16
date
