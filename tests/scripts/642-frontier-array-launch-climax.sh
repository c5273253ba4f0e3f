#!/bin/bash
#SBATCH -A CLI178
#SBATCH -J climax-pretrain
#SBATCH -p batch
#SBATCH -N 8
#SBATCH -t 02:00:00
#SBATCH -o logs/climax-%j.out
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /lustre/orion/cli178/proj-shared/envs/climax-rocm

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
export MIOPEN_USER_DB_PATH=/tmp/miopen-$SLURM_JOB_ID
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

LAUNCH=(
    python3 -u pretrain_climax.py
    --config configs/pretrain/climax_1.40625deg.yaml
    --trainer.max_epochs 100
    --data.root_dir /lustre/orion/cli178/proj-shared/cmip6_1.40625deg
)

# one task per GCD; rank variables set per task, then the array is exec'd
srun -N 8 -n 64 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    bash -c 'export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS; exec "$@"' _ "${LAUNCH[@]}"
