#!/bin/bash
# widen: an Accelerate config written by a heredoc, one node
#SBATCH --job-name=sd-ft
#SBATCH --account=bmno-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=08:00:00

module load python/miniforge3_pytorch
cat > accel.yaml <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
num_machines: 1
num_processes: 4
mixed_precision: bf16
EOF
accelerate launch --config_file accel.yaml train_sd.py --pretrained_model_name_or_path stabilityai/stable-diffusion-2-1 --resolution 768
