#!/bin/bash
#SBATCH -A BIF150
#SBATCH -J unet3d
#SBATCH -p extended
#SBATCH -t 08:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -c 7
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu rocm/6.2.4 rccl-net-plugin
source /lustre/orion/bif150/proj-shared/miniforge3/etc/profile.d/conda.sh
conda activate lightning-rocm

export MIOPEN_USER_DB_PATH=/tmp/miopen-$SLURM_JOB_ID
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

# LightningCLI; trainer.devices=8 is in the yaml, num_nodes given here
srun python fit.py fit --config configs/unet3d.yaml --trainer.num_nodes=2
