#!/bin/bash
#SBATCH -A CSC612
#SBATCH -J mae-frontier
#SBATCH -o %x-%j.out
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 4
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load rccl-net-plugin
source activate /lustre/orion/csc612/proj-shared/envs/torch-rocm62

# per-job MIOpen cache on node-local /tmp (the default lives in $HOME and locks up)
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache-${SLURM_JOB_ID}"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
rm -rf ${MIOPEN_USER_DB_PATH}
mkdir -p ${MIOPEN_USER_DB_PATH}

export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=3442

# one task per GCD; each task sees its GCD as device 0
srun -N 4 -n 32 -c 7 --ntasks-per-node=8 --gpus-per-task=1 --gpu-bind=closest \
    python -u main_pretrain.py --batch_size 64 --model mae_vit_large_patch16 --epochs 100 \
    --data_path /lustre/orion/csc612/world-shared/imagenet
