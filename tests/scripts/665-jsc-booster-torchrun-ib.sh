#!/usr/bin/env bash
#SBATCH --account=hclimml
#SBATCH --partition=booster
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=48
#SBATCH --threads-per-core=1
#SBATCH --gres=gpu:4
#SBATCH --time=23:59:00
#SBATCH --output=logs/%x-%j.out

set -euo pipefail
ml --force purge
ml Stages/2025 GCC OpenMPI CUDA cuDNN NCCL PyTorch
source "$SLURM_SUBMIT_DIR"/venvs/jwb/bin/activate

# srun does not inherit --cpus-per-task from sbatch any more
export SRUN_CPUS_PER_TASK="$SLURM_CPUS_PER_TASK"
export OMP_NUM_THREADS=$(( SLURM_CPUS_PER_TASK / 4 ))
export CUDA_VISIBLE_DEVICES=0,1,2,3

MASTER_ADDR="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)"
MASTER_ADDR="${MASTER_ADDR}i"   # the node's InfiniBand host name
MASTER_PORT=54231
export MASTER_ADDR MASTER_PORT

srun --cpu-bind=none bash -c "torchrun \
    --nnodes=$SLURM_NNODES \
    --nproc_per_node=4 \
    --rdzv_id=$SLURM_JOB_ID \
    --rdzv_backend=c10d \
    --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \
    --rdzv_conf=is_host=\$(( SLURM_NODEID == 0 ? 1 : 0 )) \
    train_atmorep.py --config configs/atmorep_core.json --epochs 128"
