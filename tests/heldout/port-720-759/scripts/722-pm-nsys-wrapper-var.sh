#!/bin/bash
#SBATCH -A m2865
#SBATCH -C gpu&hbm80g
#SBATCH -q debug
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH --gpu-bind=none
#SBATCH -t 00:20:00

module load pytorch/2.1.0-cu12
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500

PROFILE_DIR=$SCRATCH/profiles/$SLURM_JOB_ID
mkdir -p $PROFILE_DIR
# one report per rank; drop NSYS to run without the profiler
NSYS="nsys profile --trace=cuda,nvtx --force-overwrite true -o ${PROFILE_DIR}/rank%q{SLURM_PROCID}"

srun $NSYS python bench_gpt.py --steps 50 --micro-batch 8
