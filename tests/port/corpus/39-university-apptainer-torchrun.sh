#!/bin/bash
#SBATCH --job-name=mamba-lm
#SBATCH --account=prof0
#SBATCH --partition=spgpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem-per-gpu=40G
#SBATCH --time=14:00:00
#SBATCH --mail-type=BEGIN,END,FAIL

module load apptainer

IMG=/scratch/prof0_root/prof0/jdoe/images/mamba.sif
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export HF_HOME=/scratch/prof0_root/prof0/jdoe/hf

# the container inherits the host environment, SLURM_NODEID included
srun apptainer exec --nv --bind /scratch $IMG bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train_mamba.py --d_model 768 --n_layer 24 --seq_len 2048 --tokens 10B'
