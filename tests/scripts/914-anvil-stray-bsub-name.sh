#!/bin/bash
# family: stray directive of the other scheduler - an #BSUB job name and output file left from an LSF
# version: nothing the job runs with depends on them (a warning)
#SBATCH -A cis240050-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
#BSUB -J bert-ft
#BSUB -o bert-ft.%J.out

module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python run_glue.py --task_name mrpc --num_train_epochs 3
