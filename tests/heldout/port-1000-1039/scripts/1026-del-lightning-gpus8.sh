#!/bin/bash
#SBATCH --job-name=lit-seg
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --gpus=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --constraint="projects"
#SBATCH --time=08:00:00
#SBATCH --signal=SIGUSR1@90

module reset
module load pytorch-conda
source /projects/bbka/venvs/lightning/bin/activate
export NCCL_SOCKET_IFNAME=hsn

# Lightning picks up SLURMEnvironment from srun: 4 tasks per node = 4 devices
srun python train_lit.py fit --config configs/seg.yaml \
    --trainer.num_nodes=2 --trainer.devices=4 --trainer.strategy=ddp
