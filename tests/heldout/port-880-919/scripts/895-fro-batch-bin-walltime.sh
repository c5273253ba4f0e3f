#!/bin/bash
#SBATCH -A CHM204
#SBATCH -J dimenet-16n
#SBATCH -p batch
#SBATCH -N 16
#SBATCH -t 06:00:00
#SBATCH --network=disable_rdzv_get
#SBATCH -o %x-%j.out

module load PrgEnv-gnu rocm/6.2.4 rccl-net-plugin
source activate /lustre/orion/chm204/proj-shared/envs/pyg

export MIOPEN_USER_DB_PATH=/tmp/miopen-${SLURM_JOB_ID}
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500

srun -N 16 -n 128 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python -u train_dimenet.py --dataset /lustre/orion/chm204/proj-shared/qm9 --epochs 400 --batch-size 32
