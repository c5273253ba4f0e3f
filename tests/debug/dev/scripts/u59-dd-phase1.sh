#!/bin/bash
#SBATCH --job-name=phase_1
#SBATCH --partition=cpu
#SBATCH --qos=privileged
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=24
#SBATCH --time=12:00:00
source activate dd-env
python phase_1.py -pt proj -it 1
