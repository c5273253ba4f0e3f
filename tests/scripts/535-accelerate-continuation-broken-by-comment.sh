#!/bin/bash
# family: a continuation broken by a comment after the backslash ("\ # one per GPU"): the launch line
# ends there and the next line runs as a command of its own (a defect users write)
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH --time=02:00:00
#SBATCH --account=def-lab7
source $SLURM_TMPDIR/venv/bin/activate
accelerate launch \
  --multi_gpu \
  --num_processes=4 \ # one per GPU
  --mixed_precision=bf16 \
  finetune.py --data_dir data/shards
