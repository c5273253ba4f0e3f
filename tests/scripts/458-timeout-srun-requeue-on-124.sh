#!/bin/bash
# family: the training runs under timeout (timeout 23h srun ...) and the job requeues itself when timeout
# stops it (exit status 124)
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=24:00:00
#SBATCH --requeue
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
timeout 23h srun python train.py --resume auto --save-every 1000
rc=$?
if [ "$rc" -eq 124 ]; then
    scontrol requeue "$SLURM_JOB_ID"
fi
