#!/bin/bash
# cluster: bridges2
# expect: variable-unset error HOSTFILE=
#SBATCH -A cis230000p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH -t 04:00:00
JOBDIR=/ocean/projects/cis230000p/$USER/run-$SLURM_JOB_ID
mkdir -p "$JOBDIR"
HOSTFILE=$JOB_DIR/hostfile
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=8/' > "$HOSTFILE"
deepspeed --hostfile "$HOSTFILE" --num_nodes 2 --num_gpus 8 train.py --deepspeed ds_config.json
