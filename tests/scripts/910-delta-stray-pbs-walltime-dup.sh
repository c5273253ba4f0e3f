#!/bin/bash
# family: stray directive of the other scheduler - a #PBS line left over from a PBS version of the job that
# repeats what an #SBATCH line already sets: sbatch ignores it, nothing is lost (a warning)
#SBATCH --job-name=seg-ddp
#SBATCH --account=bfgh-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00
#PBS -l walltime=03:00:00
#PBS -N seg-ddp

module load anaconda3_gpu
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python train_seg.py --dataset cityscapes --epochs 80
