#!/bin/bash
#SBATCH --account=bcjw-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=06:00:00
#SBATCH --job-name=gh-pretrain

IMG=/projects/bcjw/containers/pytorch_25.01-py3-arm64.sif
MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
export NCCL_SOCKET_IFNAME=hsn

srun apptainer exec --nv --bind /projects,/work/nvme $IMG torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint ${MASTER}:29500 --rdzv_id $SLURM_JOB_ID pretrain.py --config cfg/base.yaml
