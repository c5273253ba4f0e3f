#!/bin/bash
#SBATCH -J lr-sweep
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
#SBATCH --array=0-3
#SBATCH -o sweep_%A_%a.out
#SBATCH -A TG-DMS250007

module load cuda/12.4
source /work2/10877/swpuser/stampede3/venvs/ft/bin/activate

LRS=(1e-5 3e-5 1e-4 3e-4)
LR=${LRS[$SLURM_ARRAY_TASK_ID]}
echo "array task $SLURM_ARRAY_TASK_ID: lr=$LR"

torchrun --standalone --nproc_per_node=4 finetune_roberta.py --task mnli --lr $LR \
    --run-name sweep_${SLURM_ARRAY_TASK_ID} --output-dir /work2/10877/swpuser/stampede3/sweeps/$SLURM_ARRAY_JOB_ID
