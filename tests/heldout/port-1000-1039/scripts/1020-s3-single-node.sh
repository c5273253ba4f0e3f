#!/bin/bash
#
#----------------------------------------------------
#  Stable Diffusion fine-tune, one H100 node
#
#  Notes:
#    - the venv lives on $SCRATCH (built from an idev session)
#    - no GPU dev queue on Stampede3, so this goes to h100
#----------------------------------------------------
#
#SBATCH -J sd-ft
#SBATCH -o sd-ft.o%j
#SBATCH -e sd-ft.e%j
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 48:00:00
#SBATCH --mail-type=end
#SBATCH --mail-user=you@example.edu

module load python
source $SCRATCH/python-envs/diffusers/bin/activate
export HF_HOME=$SCRATCH/hf

torchrun --standalone --nnodes=1 --nproc_per_node=4 train_text_to_image.py \
    --pretrained_model_name_or_path stabilityai/stable-diffusion-2-1 \
    --dataset_name lambdalabs/naruto-blip-captions --resolution 768 \
    --train_batch_size 4 --mixed_precision bf16 --max_train_steps 30000 \
    --output_dir $SCRATCH/sd-naruto
