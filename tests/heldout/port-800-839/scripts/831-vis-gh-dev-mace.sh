#!/bin/bash
#SBATCH -J mace-smoke
#SBATCH -p gh-dev
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 04:00:00
#SBATCH -A DMR25012

module load gcc cuda python3
source /scratch/10666/maceuser/vista/mace-env/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29650

ibrun bash -c 'torchrun --nnodes 4 --nproc_per_node 1 --node_rank $PMI_RANK --master_addr $MASTER_ADDR --master_port $MASTER_PORT mace_train.py --config mace_small.yaml --max_num_epochs 5'
