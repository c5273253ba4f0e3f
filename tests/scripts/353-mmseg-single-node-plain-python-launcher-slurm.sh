#!/usr/bin/env bash
# family: an mmseg single-node sbatch script that runs python directly (no srun) while telling the
# program --launcher="slurm": the job asks for 2 tasks, 2 GPUs per node
#SBATCH --job-name=mmseg
#SBATCH --nodes=1
#SBATCH --ntasks=2
#SBATCH --ntasks-per-node=2
#SBATCH --gres=gpu:volta:2
#SBATCH --cpus-per-task=5

set -x
CONFIG=$1
PY_ARGS=${@:2}

PYTHONPATH="$(dirname $0)/..":$PYTHONPATH \
python -u tools/train.py ${CONFIG} --launcher="slurm" ${PY_ARGS}
