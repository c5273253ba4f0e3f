#!/bin/bash
# family: Horovod with TensorFlow, one MPI rank per GPU started by srun over PMIx
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
module load tensorflow horovod
srun --mpi=pmix python tf2_keras_mnist.py
