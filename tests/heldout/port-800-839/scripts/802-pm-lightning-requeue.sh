#!/bin/bash
#SBATCH -A m2616_g
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH --gpu-bind=none
#SBATCH -t 12:00:00
#SBATCH --signal=SIGUSR1@90
#SBATCH --requeue
#SBATCH -J unet3d-ft
#SBATCH -o %x-%j.out

# Lightning handles SIGUSR1: it saves a checkpoint and requeues the job; the next run resumes.
module load pytorch/2.3.1
source /global/common/software/m2616/envs/seg/bin/activate

RUN_DIR=$PSCRATCH/unet3d/run01
mkdir -p "$RUN_DIR"
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=$((15000 + SLURM_JOB_ID % 10000))

CKPT_ARG=""
if [[ -f $RUN_DIR/checkpoints/last.ckpt ]]; then
    echo "restart ${SLURM_RESTART_COUNT:-0}: resuming from $RUN_DIR/checkpoints/last.ckpt"
    CKPT_ARG="--ckpt_path=$RUN_DIR/checkpoints/last.ckpt"
fi

srun python main.py fit --config configs/unet3d.yaml --trainer.default_root_dir "$RUN_DIR" $CKPT_ARG
