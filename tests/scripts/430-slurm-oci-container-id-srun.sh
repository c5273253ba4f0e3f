#!/bin/bash
# family: Slurm's own OCI containers (--container bundle, --container-id since 23.11): not Pyxis options
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
#SBATCH --container=/scratch/$USER/bundles/torch-2.4

srun --container-id ddp-run --container /scratch/$USER/bundles/torch-2.4 \
     python3 ddp_train.py --epochs 3 --batch-size 128
