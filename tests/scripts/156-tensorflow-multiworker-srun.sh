#!/bin/bash
# family: a TensorFlow/Keras program under srun (no Horovod): not a PyTorch job, never ported as one
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
module load tensorflow
srun python tf2_keras_mnist.py
