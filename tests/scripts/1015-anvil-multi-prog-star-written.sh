#!/bin/bash
#SBATCH -A cis250117-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00

module load modtree/gpu conda
conda activate torch

export MASTER_ADDR=$(hostname)
export MASTER_PORT=29600

cat > mp.conf <<EOF
* python train_gnn.py --rank %t --world-size 4 --layers 8
EOF
srun --multi-prog mp.conf
