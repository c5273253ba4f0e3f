#!/bin/bash
#SBATCH --account=bbqk-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=200g
#SBATCH --time=12:00:00
#SBATCH --output=slurm-%j.out

module load python/3.11.6 cuda/12.4.0
# the job installs its own extras into ~/.local before running (idempotent)
pip install --user -q timm==1.0.9 webdataset==0.2.86

export MASTER_ADDR=$(hostname)
export MASTER_PORT=29510

# four ranks on one node, RANK/LOCAL_RANK/WORLD_SIZE taken from SLURM_PROCID/SLURM_LOCALID/SLURM_NTASKS
srun --ntasks=4 python -u train_effnet.py --arch efficientnet_b4 --epochs 120 --data /scratch/bbqk/inat21
