#!/bin/bash
# cluster: bridges2
# family: deepspeed launched once with a hostfile written from the Slurm node list
# modelled on https://www.psc.edu/resources/bridges-2/user-guide/ (GPU partition) and
# https://www.deepspeed.ai/getting-started/#resource-configuration-multi-node
#SBATCH -A abc123p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus=v100-32:16
#SBATCH -t 08:00:00
module load anaconda3
conda activate ds
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=8/' > hostfile
deepspeed --hostfile hostfile --num_gpus 8 train.py --deepspeed --deepspeed_config ds_config.json
