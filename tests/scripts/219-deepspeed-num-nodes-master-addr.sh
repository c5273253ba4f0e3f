#!/bin/bash
# family: DeepSpeed launcher with --num_nodes/--num_gpus/--master_addr and a hostfile from srun hostname
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH -p gpu
#SBATCH -t 08:00:00
srun hostname -s | sort -u | sed 's/$/ slots=4/' > hostfile.txt
MASTER=$(head -n 1 hostfile.txt | cut -d' ' -f1)
deepspeed --num_nodes 2 --num_gpus 4 --master_addr $MASTER --hostfile hostfile.txt run_clm.py --deepspeed ds_zero2_offload.json --model_name_or_path gpt2
