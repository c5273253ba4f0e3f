#!/bin/bash -l
#SBATCH -C gpu
#SBATCH -A m1759
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-task=1
#SBATCH -c 10
#SBATCH -t 04:00:00
#SBATCH -J cosmoflow-cgpu
#SBATCH -o slurm-cgpu-%j.out

# Cori GPU testbed (8x V100 per node): `module load cgpu` on the Cori login node before sbatch
module load cgpu
module load pytorch/1.7.1-gpu
export HDF5_USE_FILE_LOCKING=FALSE

DATA=/global/cscratch1/sd/$USER/cosmoflow/cosmoUniverse_2019_05_4parE_tf
echo "nodes: $SLURM_JOB_NODELIST"
srun -l python train_cosmo.py --data-dir $DATA --batch-size 8 --distributed
