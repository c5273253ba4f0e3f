#!/bin/bash
#SBATCH -J whisper-ft
#SBATCH -A cis250118p
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:4
#SBATCH -t 14:00:00
#SBATCH -o whisper-%j.out

module load AI/pytorch_23.02-1.13.1-py3
source /ocean/projects/cis250118p/whsp/venv/bin/activate

accelerate launch --multi_gpu --num_processes 4 --mixed_precision fp16 \
  finetune_whisper.py --model openai/whisper-small --language hi --max_steps 5000 \
  --output_dir /ocean/projects/cis250118p/whsp/out 2>&1 | tee whisper-$SLURM_JOB_ID.log
