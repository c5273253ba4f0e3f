#!/bin/bash
# family: cluster inference - a partition only one known system has and an arm64 container image agree (no
# account shape or path of that centre's in the script)
#SBATCH --partition=ghx4
#SBATCH --account=myproject
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00
IMG=$PWD/pytorch-24.10-arm64.sif
export HEAD=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun apptainer exec --nv $IMG torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 pretrain.py --steps 1000
