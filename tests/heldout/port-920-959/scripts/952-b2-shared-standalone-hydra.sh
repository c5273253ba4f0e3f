#!/bin/bash
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:4
#SBATCH -t 08:00:00
#SBATCH -A mat240011p
#SBATCH -J nequip-shared

cd /ocean/projects/mat240011p/$USER/nequip-runs
source /ocean/projects/mat240011p/$USER/venvs/nequip/bin/activate

torchrun --standalone --nproc_per_node=4 train_nequip.py ++trainer.max_epochs=500 +data=aspirin model.r_max=5.0
