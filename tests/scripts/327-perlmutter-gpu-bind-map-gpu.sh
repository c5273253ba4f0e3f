#!/bin/bash
# family: an explicit per-task GPU map on the srun line (--gpu-bind=map_gpu:0,1,2,3) with one GPU
# per task and the CPU binding in the environment
#SBATCH -A m4444_g
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=32
#SBATCH -t 06:00:00
export SLURM_CPU_BIND="cores"
module load pytorch/2.6.0
srun --gpu-bind=map_gpu:0,1,2,3 python -m trainer.main --config configs/vit_l.yaml
