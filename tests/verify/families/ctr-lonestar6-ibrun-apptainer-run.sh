#!/bin/bash
# cluster: lonestar6
# expect: container-no-gpu error apptainer run
#SBATCH -A TG-ABC12345
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
module load tacc-apptainer
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
ibrun apptainer run $SCRATCH/pytorch.sif torchrun --nnodes=2 --nproc_per_node=3 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 train.py
