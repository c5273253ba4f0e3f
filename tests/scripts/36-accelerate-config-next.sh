#!/bin/bash
# family: Accelerate config in a file next to the script (https://huggingface.co/docs/accelerate/basic_tutorials/launch)
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A bbbb-delta-gpu
#SBATCH -t 05:00:00
MAIN=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun accelerate launch --config_file accel_fsdp.yaml --num_machines 2 --num_processes 8 \
    --machine_rank $SLURM_NODEID --main_process_ip $MAIN --main_process_port 29500 sft.py --bf16
