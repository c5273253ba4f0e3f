#!/bin/bash
#SBATCH -J glue-array
#SBATCH -A cis240333-ai
#SBATCH -p ai
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 48
#SBATCH -t 08:00:00
#SBATCH --array=0-4
#SBATCH -o glue-%A_%a.out

module load modtree/gpu conda/2024.02
conda activate hf

TASKS=(cola sst2 mrpc qnli rte)
TASK=${TASKS[$SLURM_ARRAY_TASK_ID]}

accelerate launch --multi_gpu --num_processes 4 --mixed_precision bf16 \
    run_glue.py --task_name $TASK --model_name_or_path roberta-large --output_dir /anvil/scratch/x-mchen/glue/$TASK
