#!/bin/bash
#SBATCH --job-name=segformer-b5
#SBATCH --account=bbtw-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch&projects"
#SBATCH --time=1-00:00:00
#SBATCH --output=slurm-%x-%j.out

module reset
module load pytorch-conda/2.8
module list

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29401
export NCCL_SOCKET_IFNAME=hsn

cd /projects/bbtw/$USER/segformer
# $SLURM_NODEID must be expanded by each task, hence bash -c with single quotes
srun --ntasks-per-node=1 bash -c 'torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT tools/train.py configs/segformer_b5_ade.py --launcher pytorch --work-dir /scratch/bbtw/$USER/work_dirs/b5'
