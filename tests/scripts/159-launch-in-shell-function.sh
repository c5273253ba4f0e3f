#!/bin/bash
# family: the launch line inside a shell function the script then calls
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
run_training() {
    srun python train.py "$@"
}
run_training --epochs 3
