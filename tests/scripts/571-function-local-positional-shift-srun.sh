#!/bin/bash
# family: the launch line inside a shell function; the function names its first argument
# (local cfg="${1:-...}"), shifts it off and hands the rest on with "$@"; called once
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m4321
#SBATCH -t 03:00:00

module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29507

run_training() {
    local cfg="${1:-configs/base.yaml}"
    shift
    echo "training with $cfg"
    srun python train.py --config "$cfg" "$@"
}

run_training configs/vit_large.yaml --epochs 30 --amp
