#!/bin/bash
# family: Purdue Anvil GPU partition with the conda module and a user env, srun over PMI2 one task
# per GPU, the account with its -gpu suffix
#SBATCH -A cis240001-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 08:00:00
#SBATCH -J unet
module purge
module load modtree/gpu
module load conda
conda activate /anvil/projects/x-cis240001/envs/unet
srun --mpi=pmi2 python -u train_unet.py --data $PROJECT/data/seg --amp
