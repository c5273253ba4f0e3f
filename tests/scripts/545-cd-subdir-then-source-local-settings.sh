#!/bin/bash
# family: a cd into a sub-directory, then a settings file sourced there by a relative path: carried in
# that order (the file is the sub-directory's)
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
cd experiments/ablation3
source ./local_env.sh
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29533
srun python ../../train.py --config "$RUN_CONFIG"
