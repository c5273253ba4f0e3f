#!/bin/bash
# family: launcher details - accelerate launch once per node with --machine_rank from Slurm and a
# config file maple cannot read (num_processes is the total over all machines)
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -A m1111_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun accelerate launch --config_file my_cluster.yaml --num_machines 2 --num_processes 8 --machine_rank $SLURM_NODEID \
    --main_process_ip $head --main_process_port 29500 train.py
