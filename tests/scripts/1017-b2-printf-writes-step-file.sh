#!/bin/bash
#SBATCH -A cis220071p
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH -t 05:00:00

module load anaconda3
conda activate pt

printf '%s\n' '#!/bin/bash' 'torchrun --standalone --nproc_per_node=8 train_resnet.py --epochs 90 --lr 0.4' > job_step.sh
bash job_step.sh
