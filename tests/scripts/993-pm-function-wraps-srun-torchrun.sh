#!/bin/bash
# shape: a bash function wraps the launch; called once with the program's arguments
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 08:00:00

module load pytorch/2.3.1

launch() {
    local head
    head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
    srun torchrun --nnodes="$SLURM_NNODES" --nproc_per_node=4 \
        --rdzv_backend=c10d --rdzv_endpoint="$head":29500 "$@"
}

launch train_mae.py --epochs 800 --mask-ratio 0.75
