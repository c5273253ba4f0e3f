#!/bin/bash
# family: `env NAME=value ... PROGRAM` as the first word inside a per-node bash -c (the environment
# set for the launcher only); the launcher after env is the launch
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00

head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "env -u CUDA_VISIBLE_DEVICES OMP_NUM_THREADS=8 torchrun --nnodes=2 --nproc_per_node=4 --node_rank=\$SLURM_NODEID --master_addr=$head --master_port=29400 finetune.py --lr 2e-5"
