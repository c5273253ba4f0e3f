#!/bin/bash
#SBATCH --job-name=pointnet-ddp
#SBATCH --account=bchk-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch&projects"
#SBATCH --time=03:00:00

module reset
module load pytorch-conda
export NCCL_SOCKET_IFNAME=hsn

# stage the dataset onto node-local /tmp of every node, then unpack it there
sbcast --force /projects/bchk/datasets/modelnet40_normal_resampled.tar /tmp/modelnet40.tar
srun --ntasks-per-node=1 tar -xf /tmp/modelnet40.tar -C /tmp

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)

srun torchrun --nnodes $SLURM_NNODES --nproc_per_node 4 \
    --rdzv_id $RANDOM --rdzv_backend c10d --rdzv_endpoint $head_node_ip:29500 \
    train_pointnet.py --data_dir /tmp/modelnet40_normal_resampled --epochs 250 --batch_size 32
