#!/bin/bash
# family: srun with --mpi=pmix, --export=ALL and -l -u, one task per GPU
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=a100:4
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=$(expr 10000 + $(echo -n $SLURM_JOBID | tail -c 4))
srun --mpi=pmix --export=ALL -l -u --kill-on-bad-exit=1 python -u -W ignore train.py --data /scratch/data
