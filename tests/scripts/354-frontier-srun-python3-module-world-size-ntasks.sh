#!/bin/bash
# family: Frontier, one task per GCD running a module (python3 -u -m), the world size given to the
# program as --world-size=$SLURM_NTASKS
#SBATCH -A XYZ789
#SBATCH -N 2
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -q debug

module load PrgEnv-gnu rocm/6.2.4 miniforge3
source activate /lustre/orion/xyz789/proj-shared/envs/torch
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun -N 2 -n 16 -c 7 --gpus-per-task=1 --gpu-bind=closest python3 -u -m trainer.main --world-size=$SLURM_NTASKS --steps 1000
