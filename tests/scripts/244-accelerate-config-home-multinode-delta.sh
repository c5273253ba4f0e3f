#!/bin/bash
# family: accelerate config kept in the user's home (not next to the script): strategy unknown, the file is kept when porting
#SBATCH --job-name=llm-sft
#SBATCH --account=bcde-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=06:00:00
module load python/3.11
source ~/venvs/sft/bin/activate
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun accelerate launch --config_file ~/.config/accelerate/fsdp_2node.yaml --num_machines 2 --num_processes 8 --machine_rank "$SLURM_NODEID" --main_process_ip "$head" --main_process_port 29501 sft.py --model llama3-8b --lr 2e-5
