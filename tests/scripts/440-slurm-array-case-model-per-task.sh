#!/bin/bash
# family: a job array where a case statement on the task id picks the model and batch size of each task;
# the launch line uses the variables the branches set
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 16
#SBATCH -t 08:00:00
#SBATCH -a 0-2
case "$SLURM_ARRAY_TASK_ID" in
    0) MODEL=resnet50; BS=256 ;;
    1) MODEL=vit_b_16; BS=128 ;;
    2) MODEL=convnext_tiny; BS=192 ;;
esac
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python train_imagenet.py --arch "$MODEL" --batch-size "$BS" --epochs 90
