#!/bin/bash
# family: DeepSpeed config maple cannot read (in another directory): the ZeRO stage is unknown
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -A m4444_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 03:00:00
scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/ slots=4/' > hostfile
deepspeed --hostfile=hostfile --launcher=slurm train.py --deepspeed --deepspeed_config $HOME/configs/ds.json
