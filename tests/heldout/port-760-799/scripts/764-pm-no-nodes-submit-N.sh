#!/bin/bash
# The node count comes from the command line:
#   sbatch -N <nodes> submit_pm.sh [extra training options]
#SBATCH -A m4790
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 04:00:00
#SBATCH -J fcn-train
#SBATCH -o /pscratch/sd/j/jpathak/fcn/logs/%x-%j.out

module load pytorch/2.3.1
export FI_MR_CACHE_MONITOR=userfaultfd
export HDF5_USE_FILE_LOCKING=FALSE
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500

set -x
srun -u --cpu-bind=cores python train_fcn.py --yaml_config configs/afno.yaml "$@"
