#!/bin/bash
#SBATCH -A BIF146
#SBATCH -J bert-sif
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -o logs/bert-%j.out

module load olcf-container-tools
module load apptainer-enable-mpi
module load apptainer-enable-gpu

IMG=/lustre/orion/bif146/world-shared/containers/pytorch-rocm.sif
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn0

srun -N 4 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest apptainer exec --rocm --bind /lustre/orion $IMG python3 finetune_bert.py --epochs 4 --lr 3e-5
