#!/bin/bash
# s24: the program a module named by a constant (python -m $MOD), its config path in another
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=1
#SBATCH -t 02:00:00
#SBATCH -A cis240500p

module load anaconda3
conda activate asr
CFG=conf/conformer.yaml
torchrun --nproc_per_node=8 -m asr.train --config $CFG
