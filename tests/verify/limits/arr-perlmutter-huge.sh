#!/bin/bash
# cluster: perlmutter
# expect: array-too-large error --array=0-99999999
# message: array-too-large highest index, 99999999, is past what any Slurm takes \(MaxArraySize is at most 4000001
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 00:30:00
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --array=0-99999999
srun torchrun --standalone --nproc_per_node=4 sweep.py --trial $SLURM_ARRAY_TASK_ID
