#!/bin/bash
#SBATCH -J bert-mnli
#SBATCH -o bert-mnli.o%j
#SBATCH -p gpu-h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 24:00:00

module load python3/3.9.7
source $SCRATCH/python-envs/hf/bin/activate

# old-style launcher, still works (prints a deprecation warning)
python -m torch.distributed.launch --nproc_per_node=2 --use_env run_glue.py \
    --model_name_or_path bert-large-uncased --task_name mnli --do_train --do_eval \
    --per_device_train_batch_size 32 --learning_rate 2e-5 --num_train_epochs 3 \
    --output_dir $SCRATCH/out/mnli
