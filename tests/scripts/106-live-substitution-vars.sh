#!/bin/bash
# family: variables - a run id made by a command and a data root the script never sets (it comes from
# the user's login environment): the first is carried live by a port, the second named as one to set
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA40x4
#SBATCH -A efgh-delta-gpu
#SBATCH -t 01:00:00
RUN_ID=$(date +%Y%m%d-%H%M%S)
CKPT=$DATA_ROOT/ckpt/$RUN_ID
srun python train.py --ckpt-dir $CKPT --run $RUN_ID
