#!/bin/bash
# family: OLCF Frontier with torchrun started once per node, ROCm settings and the Python env from a venv
#SBATCH -A ABC123
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -t 02:00:00
#SBATCH -S 0
module load PrgEnv-gnu rocm/6.2.4
source /lustre/orion/abc123/proj-shared/venv/bin/activate
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache-$SLURM_JOB_ID"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
export NCCL_SOCKET_IFNAME=hsn0
export HEAD=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
srun -N 4 --ntasks-per-node=1 -c 56 --gpus-per-node=8 torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint ${HEAD}:29400 train_vit.py --amp bf16
