#!/bin/bash
# family: a site's container wrapper (singularity_wrapper exec) before the deepspeed launcher, typed gres
#SBATCH --account=project_2009999
#SBATCH --partition=gpusmall
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=32
#SBATCH --mem=0
#SBATCH --time=30
#SBATCH --gres=gpu:a100:2
module purge
module load pytorch/2.4
srun singularity_wrapper exec deepspeed ds_train.py --deepspeed --deepspeed_config ds_zero2.json
