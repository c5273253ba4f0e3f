#!/bin/bash
#SBATCH --job-name=lit-unet-era5
#SBATCH --account=bbsg-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=240G
#SBATCH --time=1-12:00:00
#SBATCH --constraint="scratch&projects"
#SBATCH --signal=SIGUSR1@90
#SBATCH --output=logs/%x_%j.out

module reset
module load pytorch-conda/2.8
source /projects/bbsg/envs/lit-era5/bin/activate

# Lightning's SLURMEnvironment reads SLURM_PROCID/SLURM_LOCALID: one task per GPU, no torchrun
srun python train_lit.py \
    experiment=unet_era5_1deg \
    trainer.devices=4 \
    trainer.num_nodes=2 \
    trainer.max_epochs=60 \
    data.root=/scratch/bbsg/era5_1deg
