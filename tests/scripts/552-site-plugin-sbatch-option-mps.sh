#!/bin/bash -l
# family: a site's own sbatch option from its Slurm plugin (MPCDF's --nvmps starts NVIDIA MPS), on a
# cluster maple does not know: valid there, not an error; several ranks per GPU on purpose
#SBATCH -J md-ensemble
#SBATCH --nodes=1
#SBATCH --constraint="gpu"
#SBATCH --ntasks-per-node=16
#SBATCH --gres=gpu:a100:4
#SBATCH --nvmps
#SBATCH --time=06:00:00
module purge
module load gcc/12 cuda/12.1 openmpi/4.1
srun ./md_ensemble -i inputs/ens.tpr
