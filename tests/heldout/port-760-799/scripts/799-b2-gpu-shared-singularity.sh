#!/bin/bash
#SBATCH -J dcgan
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=20
#SBATCH -t 12:00:00
#SBATCH --account=asc250019p
#SBATCH -o /ocean/projects/asc250019p/%u/gan/%x-%j.out

cd $SLURM_SUBMIT_DIR
singularity exec --nv /ocean/containers/ngc/pytorch/pytorch_latest.sif \
    torchrun --standalone --nproc_per_node=4 train_gan.py --epochs 200 --fp16
