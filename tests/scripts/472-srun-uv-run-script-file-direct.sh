#!/bin/bash
# family: `uv run FILE.py` runs a Python file itself (no `python` word), one task per GPU under srun
#SBATCH --nodes=1
#SBATCH --ntasks=4
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-gpu=4
#SBATCH --time=01:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29512
srun uv run src/optim/main.py --steps 500 --seed 3
