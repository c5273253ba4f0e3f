#!/bin/bash
# shape: torchrun under srun, the node rank from $SLURM_NODEID, static rendezvous
#SBATCH -J vit
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 12:00:00
#SBATCH -A TRA24006

module load python
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=29500 train_vit.py --epochs 90'
