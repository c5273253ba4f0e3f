#!/bin/bash
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
HOSTFILE=hostfile.txt
rm -f $HOSTFILE
for h in $(scontrol show hostnames $SLURM_JOB_NODELIST); do
  echo "$h slots=4" >> $HOSTFILE
done
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
deepspeed --hostfile $HOSTFILE --master_addr $MASTER_ADDR train.py --deepspeed --deepspeed_config ds_config.json --epochs 5
