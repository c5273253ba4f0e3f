#!/bin/bash
#SBATCH -J b2-ddp
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=40
#SBATCH -t 02:00:00
#SBATCH -A cis240088p

module load AI/pytorch_23.02-1.13.1-py3
# 40 cores per node shared by its 8 workers
export OMP_NUM_THREADS=$(( SLURM_CPUS_PER_TASK / 8 ))
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_id $SLURM_JOB_ID \
     --rdzv_backend c10d --rdzv_endpoint $head:29500 \
     train_detr.py --coco /ocean/datasets/community/COCO/Corpora/coco --epochs 50
