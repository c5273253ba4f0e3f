#!/bin/bash
# family: `uv run --project DIR FILE.py` straight from the batch shell on one GPU
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus=1
#SBATCH --time=05:00:00
PROJ=$HOME/code/finetune
uv run --project "$PROJ" scripts/finetune.py --epochs 2 --bf16
