#!/bin/bash
# s24: the DeepSpeed launcher over a hostfile the job writes, limited to two GPUs of each node (--include)
#SBATCH -A cis230123-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 06:00:00

module load modtree/gpu
module load anaconda
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=4/' > hostfile
N1=$(sed -n 1p hostfile | cut -d' ' -f1)
N2=$(sed -n 2p hostfile | cut -d' ' -f1)
deepspeed --hostfile hostfile --include "$N1:0,1@$N2:0,1" train_t5.py --deepspeed --deepspeed_config ds_zero3.json
