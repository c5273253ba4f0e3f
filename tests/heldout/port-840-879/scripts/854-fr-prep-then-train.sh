#!/bin/bash
#SBATCH -A MAT187
#SBATCH -J gnn-prep-train
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -t 01:30:00
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu rocm/6.2.4 rccl-net-plugin
source activate /lustre/orion/mat187/proj-shared/envs/pyg

PREP_DIR=/lustre/orion/mat187/scratch/$USER/oc20-graphs
mkdir -p $PREP_DIR

# step 1 (CPU only, one node): build the graph shards
srun -N 1 -n 1 -c 56 python preprocess.py --src /lustre/orion/mat187/proj-shared/oc20 --out $PREP_DIR --workers 56

# step 2: train on all 4 nodes, one task per GCD
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=29500
srun -N 4 -n 32 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python train_gnn.py --data $PREP_DIR --epochs 30 --batch-size 16
