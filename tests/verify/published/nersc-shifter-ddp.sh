#!/bin/bash
# cluster: perlmutter
# family: site options - NERSC Shifter image and modules as sbatch options (SPANK plugin options)
# modelled on https://docs.nersc.gov/development/containers/shifter/how-to-use/ and
# https://docs.nersc.gov/machinelearning/pytorch/ (srun shifter bash -c torchrun "$@" pattern)
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29507
srun shifter bash -c 'exec torchrun "$@"' bash \
    --nnodes="$SLURM_NNODES" --nproc-per-node=4 \
    --rdzv-backend=c10d --rdzv-endpoint="$MASTER_ADDR:$MASTER_PORT" \
    train.py --epochs 10
