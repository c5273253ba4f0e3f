#!/bin/bash
# family: DeepSpeed with a literal --zero_stage argument and the GPUs chosen with --num_gpus
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=32
#SBATCH --time=08:00:00
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbxy-delta-gpu
module load python/3.11 cuda
source ~/venvs/dschat/bin/activate
deepspeed --num_gpus 4 rm_main.py --model_name_or_path facebook/opt-350m --zero_stage 2 --deepspeed --output_dir out/rm
