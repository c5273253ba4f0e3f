#!/bin/bash
# family: fed heredocs - accelerate launch in a quoted heredoc fed to bash after activating an environment
#SBATCH -A bbka-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
module load anaconda3_gpu
bash <<'EOF'
source activate myenv
accelerate launch --multi_gpu --num_processes 4 run_glue.py --model_name_or_path bert-base-cased --task_name mrpc
EOF
