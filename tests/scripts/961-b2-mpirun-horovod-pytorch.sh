#!/bin/bash
# s24: Horovod with PyTorch started by mpirun, eight ranks per V100 node; the batch size in a constant
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH -t 04:00:00
#SBATCH -A cis240500p

module load openmpi/4.0.5-gcc10.2.0
source activate hvd
BATCH=64
mpirun -np 16 --map-by ppr:8:node -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH python pytorch_imagenet_horovod.py --batch-size $BATCH --epochs 90
