#!/bin/bash
# family: node count on the submit line - the header has no -N; the comment says how it is submitted
# (written after NERSC's examples that are run as `sbatch -N 4 script.sh`)
#   submit with: sbatch -N 4 submit_pm.sh
#SBATCH -A m4331_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 06:00:00
#SBATCH -J swin-pretrain

module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29507
srun -u python pretrain_swin.py --cfg configs/swin_base.yaml --amp
