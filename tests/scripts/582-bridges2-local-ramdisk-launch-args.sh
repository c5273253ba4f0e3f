#!/bin/bash
# family: a centre's login variables for node-local storage used on the launch line of a job on that
# centre ($LOCAL and $RAMDISK on PSC Bridges-2): set by the site, never an unset variable
#SBATCH -J vitstage
#SBATCH -A cis240077p
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=8
#SBATCH -t 08:00:00

module load AI/pytorch_23.02-1.13.1-py3
cp -r $PROJECT/datasets/imagenet100 $LOCAL/
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29541
srun python train_vit.py --data $LOCAL/imagenet100 --cache $RAMDISK/cache --epochs 100
