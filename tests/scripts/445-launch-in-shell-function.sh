#!/bin/bash
# family: the launch line lives in a shell function that the job calls with the run's own arguments
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=12
#SBATCH -t 05:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
run_train() {
    srun --cpu-bind=cores python train.py "$@"
}
run_train --dataset c4 --steps 50000 --lr 2e-4
