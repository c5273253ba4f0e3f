#!/bin/bash
# family: accelerate launch per node with --config_file and --multi_gpu, machine rank from srun
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --account=m4321_g
#SBATCH --time=03:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun bash -c 'accelerate launch --config_file accel_launch.yaml --multi_gpu --num_machines $SLURM_NNODES --num_processes 8 --machine_rank $SLURM_PROCID --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT train.py --mixed bf16'
