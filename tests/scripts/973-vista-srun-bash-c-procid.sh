#!/bin/bash
# s24: one torchrun per Grace-Hopper node from srun bash -c, the node rank from $SLURM_PROCID
#SBATCH -J gpt
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 02:00:00
#SBATCH -A DEF24002

module load gcc cuda python3_mpi
source $WORK/venvs/pt/bin/activate
MASTER=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "torchrun --nnodes 4 --nproc_per_node 1 --node_rank \$SLURM_PROCID --master_addr $MASTER --master_port 29400 train_gpt.py --max-iters 5000"
