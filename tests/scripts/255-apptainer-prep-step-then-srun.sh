#!/bin/bash
# family: a single-task data step that runs inside the old job's container image, then the training with srun (the step cannot be carried as is)
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbkf-delta-gpu
#SBATCH --time=02:00:00
srun -n 1 apptainer exec --nv /projects/bbkf/images/prep.sif python prepare_data.py --out data/
srun python train.py --data data/ --epochs 5
