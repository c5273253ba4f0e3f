#!/bin/bash
# family: NCSA Delta, accelerate launch once per node with the total process count, the machine rank
# from $SLURM_NODEID in a single-quoted bash -c, the main process on the first node
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --time=08:00:00

module load python/3.11.6
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c 'accelerate launch --multi_gpu --num_machines 2 --num_processes 8 --machine_rank $SLURM_NODEID --main_process_ip $MASTER_ADDR --main_process_port 29500 run_clm.py --model_name_or_path gpt2 --output_dir out'
