#!/bin/bash
# family: Hugging Face Trainer under torchrun with a DeepSpeed config file next to the script
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=05:00:00
torchrun --nproc_per_node 4 run_clm.py --model_name_or_path gpt2 --deepspeed ds_zero2_offload.json --output_dir out
