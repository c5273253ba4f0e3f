#!/bin/bash
#SBATCH -A cis240001-ai
#SBATCH -p ai
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=96
#SBATCH -t 24:00:00
#SBATCH -J roberta-ft

module load modtree/gpu
module load ngc
SIF=/apps/ngc/images/pytorch_24.03-py3.sif

singularity exec --nv $SIF torchrun --standalone --nproc_per_node=4 finetune.py --model_name_or_path roberta-large --num_train_epochs 3
