#!/bin/bash
#SBATCH -J swin-ddp
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus=v100-32:16
#SBATCH -t 08:00:00
#SBATCH --account=cis250045p
#SBATCH -o /ocean/projects/cis250045p/%u/logs/swin-%j.out

module load AI/pytorch_23.02-1.13.1-py3

srun torchrun --nnodes 2 --nproc_per_node 8 \
    --rdzv_backend c10d --rdzv_endpoint localhost:29400 --rdzv_id $SLURM_JOB_ID \
    main_swin.py --cfg configs/swin_base.yaml --batch-size 32 --fp16
