#!/bin/bash

# Parameters
#SBATCH --account=bcmk-delta-gpu
#SBATCH --cpus-per-task=16
#SBATCH --error=/u/mhossain/proj/mae3d/multirun/2026-10-02/14-31-07/.submitit/%j/%j_0_log.err
#SBATCH --gpus-per-node=4
#SBATCH --job-name=pretrain
#SBATCH --mem=240GB
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --open-mode=append
#SBATCH --output=/u/mhossain/proj/mae3d/multirun/2026-10-02/14-31-07/.submitit/%j/%j_0_log.out
#SBATCH --partition=gpuA100x4
#SBATCH --signal=USR2@120
#SBATCH --time=720
#SBATCH --wckey=submitit

# setup
module reset
module load pytorch-conda/2.8

# command
export SUBMITIT_EXECUTOR=slurm
srun --unbuffered --output /u/mhossain/proj/mae3d/multirun/2026-10-02/14-31-07/.submitit/%j/%j_%t_log.out --error /u/mhossain/proj/mae3d/multirun/2026-10-02/14-31-07/.submitit/%j/%j_%t_log.err /u/mhossain/.conda/envs/mae3d/bin/python -u -m submitit.core._submit /u/mhossain/proj/mae3d/multirun/2026-10-02/14-31-07/.submitit/%j
