#!/bin/bash
#SBATCH -A CLI142
#SBATCH -J climax-era5
#SBATCH -o %x-%j.out
#SBATCH -t 01:45:00
#SBATCH -p batch
#SBATCH -N 16
#SBATCH -C nvme
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /lustre/orion/cli142/proj-shared/envs/climax-rocm624

# MIOpen's on-disk DB must not live on a shared file system
export MIOPEN_USER_DB_PATH="/tmp/miopen-${USER}-${SLURM_JOB_ID}"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
srun -N ${SLURM_NNODES} --ntasks-per-node=1 mkdir -p ${MIOPEN_USER_DB_PATH}

export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export FI_CXI_RDZV_PROTO=alt_read
export FI_MR_CACHE_MONITOR=kdreg2
export FI_CXI_DEFAULT_CQ_SIZE=131072
export MASTER_ADDR=$(hostname -i)
export OMP_NUM_THREADS=7

# one task per GCD; each task sees its GCD as device 0
srun -N16 -n128 -c7 --gpus-per-task=1 --gpu-bind=closest \
    python3 -u train_climax.py --config configs/era5_1.4deg.yaml --master_addr=$MASTER_ADDR --master_port=3442
