#!/bin/bash
#SBATCH -J ds-h100
#SBATCH -o ds.o%j
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 10:00:00

source $SCRATCH/venvs/ds/bin/activate

HOSTFILE=hostfile_$SLURM_JOB_ID
scontrol show hostnames $SLURM_JOB_NODELIST | awk '{print $1" slots=4"}' > $HOSTFILE
MASTER=$(head -n 1 $HOSTFILE | cut -d' ' -f1)

deepspeed --hostfile $HOSTFILE --num_nodes 2 --num_gpus 4 --master_addr $MASTER --master_port 29600 train_ds.py --deepspeed --deepspeed_config configs/ds_config.json --epochs 2
