#!/bin/bash
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m1759
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin
#SBATCH -N 2
#SBATCH --ntasks-per-node 4
#SBATCH --gpus-per-node 4
#SBATCH --cpus-per-task 32
#SBATCH -t 02:00:00
#SBATCH -J unet-shifter

# one task per GPU; export_DDP_vars.sh maps SLURM_PROCID/SLURM_LOCALID/SLURM_NTASKS to RANK/LOCAL_RANK/WORLD_SIZE
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29507
export NCCL_NET_GDR_LEVEL=PHB

set -x
srun -l -u shifter bash -c "source export_DDP_vars.sh && python main.py --batch-size 64 --max-steps 500"
