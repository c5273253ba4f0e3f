#!/bin/bash
# family: DeepSpeed launcher with a hostfile written in a loop over the allocation's nodes
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -A abc123-gpu
#SBATCH -t 04:00:00
GPUS_PER_NODE=4
HOSTFILE=hostfile.$SLURM_JOB_ID
rm -f $HOSTFILE
for h in $(scontrol show hostnames $SLURM_JOB_NODELIST); do
    echo "$h slots=$GPUS_PER_NODE" >> $HOSTFILE
done
deepspeed --hostfile $HOSTFILE --master_addr $(head -n1 $HOSTFILE | cut -d' ' -f1) train.py --deepspeed --deepspeed_config ds_stage_one_cfg.json
