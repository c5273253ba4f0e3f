#!/bin/bash
#SBATCH -J roberta-ds
#SBATCH -p gpu-a100
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 12:00:00
#SBATCH -A TG-CIS240123

module load python3/3.9.7
source $WORK/envs/ds/bin/activate

# DeepSpeed (pdsh) needs a hostfile: one line per node, 3 A100s each
scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/ slots=3/' > hostfile.$SLURM_JOB_ID
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

deepspeed --hostfile hostfile.$SLURM_JOB_ID --master_addr $MASTER_ADDR --master_port 29500 \
    run_pretrain.py --deepspeed_config ds_config.json --model roberta-base --epochs 5
