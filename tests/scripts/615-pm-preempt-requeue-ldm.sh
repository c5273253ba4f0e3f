#!/bin/bash
#SBATCH -A m2865_g
#SBATCH -C gpu
#SBATCH -q preempt
#SBATCH -t 06:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH --requeue
#SBATCH --signal=B:USR1@180
#SBATCH -J diffusion-ckpt
#SBATCH -o %x-%j.out
#SBATCH --open-mode=append

module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
export MASTER_PORT=29610
CKPT_DIR=$PSCRATCH/diffusion/ckpt
mkdir -p $CKPT_DIR

requeue_job() {
    echo "$(date): got USR1, requeueing $SLURM_JOB_ID (restart count ${SLURM_RESTART_COUNT:-0})"
    scontrol requeue $SLURM_JOB_ID
}
trap requeue_job USR1

srun --cpu-bind=cores python train_ldm.py --config configs/ldm_celeba.yaml --ckpt-dir $CKPT_DIR --resume auto &
wait
