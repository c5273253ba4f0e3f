#!/bin/bash
# family: a heterogeneous job of two GPU components, an inference server (component 0, one node) and
# the training (component 1, two nodes, srun --het-group=1): the training's nodes are component 1's
#SBATCH -A m4321_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 06:00:00
#SBATCH -N 1 --ntasks-per-node=1 --gpus-per-node=4
#SBATCH hetjob
#SBATCH -N 2 -C gpu --ntasks-per-node=1 --gpus-per-node=4

module load pytorch/2.3.1
SERVER=$(scontrol show hostnames "$SLURM_JOB_NODELIST_HET_GROUP_0" | head -n 1)
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST_HET_GROUP_1" | head -n 1)
srun --het-group=0 python serve_rm.py --port 8100 &
sleep 60
srun --het-group=1 torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $HEAD:29400 train_rlhf.py --reward-url http://$SERVER:8100
kill %1
