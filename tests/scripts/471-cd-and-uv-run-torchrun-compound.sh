#!/bin/bash
# family: the launch line is the second half of `cd DIR && ...`; uv wraps torchrun
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=06:00:00
#SBATCH --output=logs/%j.out
cd basics-lm && uv run torchrun --standalone --nproc_per_node=4 scripts/train.py --lr 3e-4 --steps 20000
