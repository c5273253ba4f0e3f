#!/bin/bash
#SBATCH -J bert-glue
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:4
#SBATCH -t 5:00:00
#SBATCH -A cis240011p

module load AI/pytorch_23.02-1.13.1-py3
source activate $AI_ENV

TASK=mrpc
torchrun --standalone --nproc_per_node=4 run_glue.py \
    --model_name_or_path bert-base-cased \
    --task_name $TASK \
    --do_train --do_eval \
    --max_seq_length 128 \
    --per_device_train_batch_size 32 \
    --learning_rate 2e-5 \
    --num_train_epochs 3 \
    --fp16 \
    --output_dir /ocean/projects/cis240011p/jdoe/glue/$TASK/
