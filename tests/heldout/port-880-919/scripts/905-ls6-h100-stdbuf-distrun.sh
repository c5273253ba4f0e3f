#!/bin/bash
#SBATCH -J sd-h100
#SBATCH -p gpu-h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 24:00:00
#SBATCH -A ASC23041
#SBATCH -o sd.%j.out

module load python3/3.9.7
source $SCRATCH/envs/diffusers/bin/activate
export OMP_NUM_THREADS=16

# line-buffered so the log can be followed while it runs
time stdbuf -oL -eL python -m torch.distributed.run --nproc_per_node=2 --nnodes=1 \
    train_text_to_image.py --pretrained_model_name_or_path stabilityai/stable-diffusion-2-1 \
    --train_data_dir $SCRATCH/data/pokemon --resolution 768 --max_train_steps 15000 2>&1 | tee sd-$SLURM_JOB_ID.log
