#!/bin/bash
#SBATCH -J gnn-ddp
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 8
#SBATCH -t 08:00:00
#SBATCH -A TG-CHE240050
#SBATCH -o %x.%j.out

module load python
source /work2/10234/jdoe/stampede3/venvs/pyg/bin/activate

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29500
export OMP_NUM_THREADS=12

# 8 tasks = 2 nodes x 4 H100; Intel MPI gives every task PMI_RANK and MPI_LOCALRANKID
ibrun bash -c 'export RANK=$PMI_RANK LOCAL_RANK=$MPI_LOCALRANKID WORLD_SIZE=$PMI_SIZE; exec python train_gnn.py --dataset ogbn-products --hidden 256 --epochs 100'
