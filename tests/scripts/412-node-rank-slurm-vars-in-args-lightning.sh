#!/bin/bash
# family: node rank - Lightning gets the node count and node rank as arguments (one task per GPU)
#SBATCH --account=m5678_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=08:00:00

module load pytorch
srun python train_lit.py --num_nodes $SLURM_JOB_NUM_NODES --devices 4 --node_rank_hint $SLURM_NODEID
