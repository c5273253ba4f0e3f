#!/bin/bash
#SBATCH -J moco-elastic
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 04:00:00
#SBATCH -o moco.%j.log

module load python
source $SCRATCH/python-envs/torch/bin/activate

RDZV_HOST=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

# elastic: the job keeps going on one node if the other one drops out (up to 2 restarts)
ibrun -np 2 torchrun --nnodes=1:2 --nproc_per_node=4 --max_restarts=2 \
    --rdzv_backend=c10d --rdzv_endpoint=$RDZV_HOST:29400 --rdzv_id=$SLURM_JOB_ID \
    main_moco.py --arch resnet50 --epochs 200 --data $SCRATCH/imagenet
