#!/bin/bash
# family: a Torque-style node request with GPUs (nodes=1:ppn=8:gpus=1), a venv and a plain python run
#PBS -N seg-train
#PBS -A PAS1234
#PBS -l walltime=5:00:00
#PBS -l nodes=1:ppn=8:gpus=1
#PBS -j oe
module reset
source /fs/ess/PAS1234/envs/seg/bin/activate
module load cuda/11.8.0
cd $HOME/projects/seg
python -u train_seg.py
