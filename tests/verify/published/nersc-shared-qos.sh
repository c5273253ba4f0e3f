#!/bin/bash
# cluster: perlmutter
# family: launcher details - Perlmutter shared QOS, part of a node (one GPU)
# modelled on https://docs.nersc.gov/jobs/examples/#shared-qos-on-perlmutter-gpu
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q shared
#SBATCH -t 01:00:00
#SBATCH -n 1
#SBATCH -c 32
#SBATCH --gpus-per-task=1
module load pytorch/2.3.1
srun python finetune.py --config cfg.yaml
