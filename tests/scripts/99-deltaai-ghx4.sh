#!/bin/bash
# family: fingerprints - DeltaAI's ghx4 partition and -dtai-gh account
# (https://docs.ncsa.illinois.edu/systems/deltaai/en/latest/)
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --partition=ghx4
#SBATCH --account=bcjw-dtai-gh
#SBATCH --time=01:00:00
srun python train.py --bf16
