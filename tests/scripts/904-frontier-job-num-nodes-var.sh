#!/bin/bash
# family: node count on the submit line - the task count is computed from $SLURM_JOB_NUM_NODES and the
# header has no node count
#SBATCH -A CSC599
#SBATCH -J gpt-neo
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH --gpus-per-node=8

module load PrgEnv-gnu rocm/6.0.0
source /lustre/orion/csc599/proj-shared/envs/neo/bin/activate
NNODES=$SLURM_JOB_NUM_NODES
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -N $NNODES -n $((NNODES * 8)) -c 7 --gpus-per-task=1 --gpu-bind=closest python train_neo.py --config neo_1b.json
