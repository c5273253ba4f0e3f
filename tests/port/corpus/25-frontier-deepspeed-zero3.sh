#!/bin/bash
#SBATCH -A STF218
#SBATCH -J neox-20b-z3
#SBATCH -t 06:00:00
#SBATCH -N 128
#SBATCH -C nvme
#SBATCH --network=disable_rdzv_get
#SBATCH -o logs/%x-%j.out

module load PrgEnv-gnu
module load rocm/6.1.3
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /lustre/orion/stf218/world-shared/envs/neox

# MIOpen keeps its kernel cache in a per-node directory
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
srun -N 128 --ntasks-per-node=1 mkdir -p $MIOPEN_USER_DB_PATH

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export HSA_FORCE_FINE_GRAIN_PCIE=1
export CUDA_DEVICE_MAX_CONNECTIONS=1

cat > ds_z3.json <<EOF
{
  "train_batch_size": 1024,
  "train_micro_batch_size_per_gpu": 1,
  "gradient_accumulation_steps": 1,
  "zero_optimization": {
    "stage": 3,
    "stage3_max_live_parameters": 1e9,
    "stage3_prefetch_bucket_size": 5e8
  },
  "bf16": {"enabled": true}
}
EOF

# 128 nodes x 8 GCDs = 1024 ranks, one srun task each
srun -N 128 -n 1024 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest bash -c '
  export RANK=$SLURM_PROCID
  export LOCAL_RANK=$SLURM_LOCALID
  export WORLD_SIZE=$SLURM_NTASKS
  python train_neox.py --model configs/20B.yml --deepspeed_config ds_z3.json --deepspeed
'
