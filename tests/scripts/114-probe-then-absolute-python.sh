#!/bin/bash
# family: launcher details - a python -c probe before the launch, then an interpreter given by its path
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA40x4
#SBATCH -A abcd-delta-gpu
#SBATCH -t 00:30:00
srun -n 1 python -c "import torch; print(torch.cuda.device_count())"
srun $HOME/miniconda3/envs/dl/bin/python3.11 train.py --cfg c.yaml
