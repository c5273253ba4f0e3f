#!/bin/bash
# family: TACC Vista Grace-Hopper nodes (one GPU each): ibrun starts one accelerate launch per node,
# the machine rank from PMI_RANK inside bash -c
#SBATCH -J llama-ft
#SBATCH -o llama-ft.o%j
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 04:00:00
#SBATCH -A CCR24001
module load gcc cuda python3_mpi
source $SCRATCH/venvs/hf/bin/activate
MASTER=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
ibrun bash -c "accelerate launch --num_machines 4 --num_processes 4 --machine_rank \$PMI_RANK --main_process_ip $MASTER --main_process_port 29500 finetune.py --model llama-3-8b --lora"
