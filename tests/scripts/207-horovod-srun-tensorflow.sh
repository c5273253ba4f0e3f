#!/bin/bash
# family: Horovod with TensorFlow started by srun, one rank per GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m1234_g
#SBATCH -t 01:00:00
module load tensorflow
srun python tf2_keras_mnist_horovod.py --epochs 24
