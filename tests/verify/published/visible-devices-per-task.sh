#!/bin/bash
# cluster: frontier
# family: wrappers - per-task device selection from the local rank (ROCR_VISIBLE_DEVICES in bash -c)
# modelled on https://docs.olcf.ornl.gov/systems/frontier_user_guide.html#mapping-processes-to-gpus
#SBATCH -A ABC123
#SBATCH -p batch
#SBATCH -t 01:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -N 2 -n 16 -c 7 bash -c 'export ROCR_VISIBLE_DEVICES=$SLURM_LOCALID; exec python3 train.py --world-size $SLURM_NTASKS --rank $SLURM_PROCID'
