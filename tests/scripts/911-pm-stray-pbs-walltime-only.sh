#!/bin/bash
# family: stray directive of the other scheduler - the walltime is only on a #PBS line: sbatch never reads
# it, so the job runs with the queue's default time (an error at that line)
#SBATCH -A m4505_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#PBS -l walltime=08:00:00

module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train_diffusion.py --config configs/ddpm.yaml
