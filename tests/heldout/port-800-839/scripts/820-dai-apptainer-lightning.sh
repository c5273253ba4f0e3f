#!/bin/bash
# The node count is given at submission time:  sbatch -N <nodes> segformer.sbatch
#SBATCH --job-name=segformer
#SBATCH --account=bfab-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=08:00:00
#SBATCH --output=%x-%j.log

module reset
SIF=/sw/user/NGC_containers/pytorch_25.01-py3.sif

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=$(( 20000 + SLURM_JOB_ID % 10000 ))
export NCCL_SOCKET_IFNAME=hsn

# Lightning reads the task layout from SLURM_* (one task per GPU)
srun apptainer exec --nv -B /projects/bfab -B /work/nvme/bfab "$SIF" \
    python cli.py fit --config configs/segformer_b2.yaml --seed_everything 7
