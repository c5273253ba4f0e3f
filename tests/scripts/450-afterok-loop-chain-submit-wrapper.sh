#!/bin/bash
# family: a job that trains one segment, then queues the same script again with afterok on itself and
# a counter passed through --export, until the counter reaches the number of segments
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
#SBATCH --signal=B:USR1@300
SEG=${SEG:-1}
NSEG=4
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train.py --resume-from ckpt/last.pt --segment "$SEG"
if [ "$SEG" -lt "$NSEG" ]; then
    sbatch --dependency=afterok:$SLURM_JOB_ID --export=ALL,SEG=$((SEG + 1)) "$0"
fi
