#!/bin/bash
# family: launcher details - the old python -u -m torch.distributed.launch, one per node under srun
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH -p GPU
#SBATCH -A cis990001p
#SBATCH -t 02:00:00
srun python -u -m torch.distributed.launch --nproc_per_node 8 --nnodes 2 --node_rank $SLURM_PROCID \
    --master_addr $(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1) --master_port 29500 train.py --use_env_rank
