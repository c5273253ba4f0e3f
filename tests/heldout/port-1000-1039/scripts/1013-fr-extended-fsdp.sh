#!/bin/bash
#SBATCH --account=BIF151
#SBATCH --partition=extended
#SBATCH --nodes=32
#SBATCH --time=18:00:00
#SBATCH --job-name=esm-fsdp
#SBATCH --output=esm-%j.out
#SBATCH --network=disable_rdzv_get
#SBATCH --exclusive

module load PrgEnv-gnu/8.6.0 rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
source activate /lustre/orion/bif151/proj-shared/envs/esm-fsdp

export MIOPEN_USER_DB_PATH=/tmp/${USER}-miopen-${SLURM_JOB_ID}
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export FI_CXI_RDZV_PROTO=alt_read
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=3442
export OMP_NUM_THREADS=7

# 8 tasks per node, one per GCD
srun -N ${SLURM_NNODES} -n $(( SLURM_NNODES * 8 )) --ntasks-per-gpu=1 --gpus-per-node=8 -c 7 \
     --cpu-bind=cores --gpu-bind=closest \
     python3 fsdp_train.py --model esm2_3b --sharding full_shard --bf16 --max-steps 200000
