#!/bin/bash
# cluster: perlmutter
# family: a double-quoted bash -c string: $head is the batch shell's (no export needed), the per-task
# node rank is escaped (\$SLURM_NODEID) so each task expands its own
# modelled on https://docs.nersc.gov/machinelearning/distributed-training/ and user scripts in the
# same shape (srun bash -c "torchrun ... --master_addr $head ... --node_rank \$SLURM_NODEID ...")
#SBATCH -A m4141_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "torchrun --nnodes 2 --nproc_per_node 4 --master_addr $head --master_port 29500 \
    --node_rank \$SLURM_NODEID train.py --batch-size 64"
