#!/bin/bash
# family: the Alliance (DRAC) pattern: a virtualenv built in $SLURM_TMPDIR from the site's wheelhouse,
# then stdbuf -oL python -u on one typed GPU
#SBATCH --account=def-someprof
#SBATCH --time=07:00:00
#SBATCH --gres=gpu:v100:1
#SBATCH --cpus-per-task=6
#SBATCH --mem=32000M
module load python/3.11
virtualenv --no-download "$SLURM_TMPDIR"/env
source "$SLURM_TMPDIR"/env/bin/activate
pip install --no-index torch torchvision
stdbuf -oL python -u train.py --epochs 12 --workers 6
