#!/bin/bash
# family: wrappers - an empty-unless-profiling variable before python (written after the pattern of
# NERSC's Perlmutter DL examples, https://docs.nersc.gov/machinelearning/pytorch/)
#SBATCH -A m4321_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
if [ "${ENABLE_PROFILING:-0}" = 1 ]; then
    PROFILE_CMD="nsys profile -o trace_%q{SLURM_PROCID}"
fi
srun -l ${PROFILE_CMD} python train_cifar.py --epochs 30 --batch-size 128
