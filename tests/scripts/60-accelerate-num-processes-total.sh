#!/bin/bash
# family: launcher details - accelerate --num_processes is the total over all machines
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -A m5151_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
MAIN=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun accelerate launch --multi_gpu --num_machines 2 --num_processes 8 --machine_rank $SLURM_PROCID \
    --main_process_ip $MAIN --main_process_port 29500 train_accel.py --mixed_precision bf16
