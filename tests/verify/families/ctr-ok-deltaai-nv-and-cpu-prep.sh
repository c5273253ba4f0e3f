#!/bin/bash
# cluster: deltaai
# absent: container-no-gpu
# no-errors
#SBATCH -A bbka-dtai-gh
#SBATCH -p ghx4
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00
SIF=/sw/user/NGC_containers/pytorch_25.08-py3.sif
# tokenize once on the first node, on its CPUs
apptainer exec --bind /work/nvme $SIF python prepare_data.py --out /work/nvme/bbka/tokens
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun apptainer exec --nv --bind /work/nvme $SIF \
    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$head:29500 train.py
