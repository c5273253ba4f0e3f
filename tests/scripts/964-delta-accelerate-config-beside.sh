#!/bin/bash
# s24: accelerate launch per node with the user's config file beside the script (DeepSpeed ZeRO-2 in it)
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00

module load anaconda3_gpu
MASTER=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun accelerate launch --config_file s24_accel_zero2.yaml --machine_rank $SLURM_NODEID --main_process_ip $MASTER --main_process_port 29500 run_clm.py --model_name_or_path gpt2 --output_dir out
