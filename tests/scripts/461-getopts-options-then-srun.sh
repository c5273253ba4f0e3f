#!/bin/bash
# family: the job script reads its own options with getopts (sbatch job.sh -l 3e-4 -e 20) and the launch
# line uses the variables they set, with defaults
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=05:00:00
LR=1e-3
EPOCHS=10
while getopts "l:e:" opt; do
    case $opt in
        l) LR=$OPTARG ;;
        e) EPOCHS=$OPTARG ;;
        *) echo "usage: $0 [-l lr] [-e epochs]" >&2; exit 1 ;;
    esac
done
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train.py --lr "$LR" --epochs "$EPOCHS"
