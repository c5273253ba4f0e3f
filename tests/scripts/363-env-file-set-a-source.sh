#!/bin/bash
# family: settings from a dotenv file (set -a; source .env; set +a) used on the launch line
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00

set -a
source ./.env
set +a

srun python train.py --project "$WANDB_PROJECT" --run "$RUN_NAME"
