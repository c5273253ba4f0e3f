#!/bin/bash
# family: a job that queues its own next segment (sbatch --dependency=afterany on itself) and a singleton dependency
#SBATCH --job-name=pretrain-part
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=06:00:00
#SBATCH --dependency=singleton
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
# queue the next chunk before this one starts training
sbatch --dependency=afterany:$SLURM_JOB_ID $0
srun python pretrain.py --resume-from ckpt/latest --max-hours 5.5
