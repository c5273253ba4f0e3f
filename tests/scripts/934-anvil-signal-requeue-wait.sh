#!/bin/bash
# widen: a signal before the time limit, requeue from a trap, the step in the background and waited for
#SBATCH -A cis240077-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 2-00:00:00
#SBATCH --signal=B:USR1@600
#SBATCH --requeue

module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
requeue_job() {
    echo "time limit near: requeueing $SLURM_JOB_ID"
    scontrol requeue $SLURM_JOB_ID
}
trap requeue_job USR1
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python train_detr.py --resume checkpoints/last.pth --epochs 300 &
wait
