#!/bin/bash
#SBATCH -J b2-mpi-ddp
#SBATCH -A bio230011p
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=8
#SBATCH -t 08:00:00
#SBATCH -o mpi-ddp-%j.out

module load AI/pytorch_23.02-1.13.1-py3
module load openmpi

export MASTER_ADDR=$(hostname)
export MASTER_PORT=29501
export NCCL_DEBUG=WARN
export OMP_NUM_THREADS=5

cd /ocean/projects/bio230011p/$USER/protein-lm
# the script takes its rank from OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_LOCAL_RANK
mpirun -np 8 --bind-to none --map-by slot \
    -x MASTER_ADDR -x MASTER_PORT -x NCCL_DEBUG -x OMP_NUM_THREADS -x PATH -x LD_LIBRARY_PATH \
    python train_protein_lm.py --data /ocean/projects/bio230011p/shared/uniref50 --layers 12 --fp16 --epochs 10
