#!/bin/bash
# widen: a function runs the launch with the words it is given
#SBATCH -J gcn
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 03:00:00
#SBATCH -A CCR24033

module load cuda/12.2
source $WORK/envs/pyg/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
run_training() {
    echo "starting $1 at $(date)"
    ibrun python "$@"
}
run_training train_gcn.py --dataset ogbn-arxiv --epochs 500
