#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
module load cuda/12.2
export CUDA_HOME=/opt/cuda/12.2
export LD_LIBRARY_PATH=$CUDA_HOME/lib64:$CUDA_HOME/lib64/stubs:$LD_LIBRARY_PATH
source ~/venv/bin/activate
srun -l python train.py
