#!/bin/bash
#SBATCH -A CHM201
#SBATCH -J mace-apptainer
#SBATCH -N 2
#SBATCH -p batch
#SBATCH -t 01:00:00
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -c 7

export APPTAINER_CACHEDIR=/lustre/orion/chm201/scratch/$USER/.apptainer
SIF=/lustre/orion/chm201/proj-shared/images/rocm-pytorch-2.4.sif
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500

srun --gpu-bind=closest apptainer exec --rocm \
    --bind /lustre/orion/chm201/proj-shared:/proj,$PWD:/workspace \
    --env MASTER_ADDR=$MASTER_ADDR,MASTER_PORT=$MASTER_PORT \
    $SIF python /workspace/train_mace.py --train-file /proj/data/spice_train.xyz --max-num-epochs 200
