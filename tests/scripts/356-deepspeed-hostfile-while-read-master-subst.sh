#!/bin/bash
# family: DeepSpeed multi-node with a hostfile written by a while-read loop over scontrol's host
# names, the master address a $(...) on the launch line itself; the ZeRO config is not next to it
#SBATCH -J ds-pretrain
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 08:00:00

HOSTFILE=hostfile.$SLURM_JOB_ID
scontrol show hostnames "$SLURM_JOB_NODELIST" | while read -r host; do
    echo "$host slots=4"
done > "$HOSTFILE"

deepspeed --hostfile "$HOSTFILE" \
    --master_addr "$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)" \
    --master_port 29500 \
    pretrain.py --deepspeed --deepspeed_config configs/ds_zero.json --seq-len 2048
