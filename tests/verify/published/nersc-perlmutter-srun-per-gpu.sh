#!/bin/bash
# cluster: perlmutter
# family: srun one task per GPU; the Python program reads its rank from SLURM_PROCID
# modelled on https://docs.nersc.gov/machinelearning/pytorch/ (multi-node data parallel with srun)
#SBATCH -A m4321_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -J ddp-srun
module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29507
srun python train.py --config configs/resnet50.yaml --epochs 30
