#!/bin/bash
# family: a university PBS Pro cluster: select with ngpus and gpu_mem, torchrun on the one node, then
# a DataParallel comparison run with plain python
#PBS -l walltime=00:30:00,select=1:ncpus=8:ngpus=4:mem=32gb:gpu_mem=32gb
#PBS -N ddp_mnist
#PBS -A st-lab-1-gpu
#PBS -m abe

NUM_GPU=4
MASTER_PORT=29400

module load gcc cuda nccl
cd ${PBS_O_WORKDIR}
source venvhpc/bin/activate

torchrun --nnodes=1 --nproc_per_node=$NUM_GPU --master_port=$MASTER_PORT ddp_mnist.py --epochs 3

python dp_mnist.py --epochs 3
