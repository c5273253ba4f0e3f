#!/bin/bash
# cluster: delta
# family: per-task shell whose rendezvous address is spliced in by the batch shell ('...'$addr'...'):
# the batch shell expands it before srun starts the tasks, so it needs no export
# modelled on user scripts that run `srun sh -xeuc '... --master-addr '$addr' ...'` (sh, flags clustered
# before c), e.g. https://github.com/pytorch/pytorch/issues (multi-node torchrun under Slurm threads)
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
addr=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun sh -xeuc '
  torchrun --master-addr '"$addr"' --master-port 29500 --nnodes "$SLURM_NNODES" \
    --node-rank "$SLURM_NODEID" --nproc-per-node 4 main.py --epochs 5'
