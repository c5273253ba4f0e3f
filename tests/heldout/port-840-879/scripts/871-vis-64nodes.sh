#!/bin/bash
#SBATCH -J mol-pretrain-64
#SBATCH -p gh
#SBATCH -N 64
#SBATCH -n 64
#SBATCH -t 06:00:00
#SBATCH -A ASC25007

module load gcc cuda python3
source /work/08219/rlee/vista/venvs/gnn/bin/activate
cd $SCRATCH/mol-pretrain

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
export OMP_NUM_THREADS=8

ibrun -n 64 python3 pretrain.py --dataset pcqm4mv2 --hidden 768 --layers 12
