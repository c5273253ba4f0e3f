#!/bin/bash
# family: a continued launch line whose last line is a commented-out option (no defect: the comment
# ends the command) after a case statement on the job's option words
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 00:30:00
case "$1" in
  --quick) STEPS=100 ;;
  *) STEPS=1000 ;;
esac
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python seg_train.py \
  --steps $STEPS \
  --batch 16 \
  # --amp
