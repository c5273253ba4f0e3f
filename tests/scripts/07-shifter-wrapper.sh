#!/bin/bash
# family: wrappers + site options - Shifter image and module on Perlmutter
# (https://docs.nersc.gov/development/containers/shifter/how-to-use/)
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m2222_g
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29507
srun shifter python train_unet.py --config configs/unet.yaml
