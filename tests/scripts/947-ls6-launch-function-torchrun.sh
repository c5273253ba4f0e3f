#!/bin/bash
# widen: a launch function around srun torchrun, called with the program and its arguments
#SBATCH -J t5
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 06:00:00
#SBATCH -A CCR24033

module load cuda/12.2
source $WORK/envs/torch/bin/activate
HEAD=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
launch() {
    srun torchrun --nnodes 2 --nproc_per_node 3 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 "$@"
}
launch train_t5.py --model t5-large --epochs 3
