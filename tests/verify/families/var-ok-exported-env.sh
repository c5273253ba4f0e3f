#!/bin/bash
# cluster: lonestar6
# absent: variable-unset
# no-errors
#SBATCH -A TG-ABC12345
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
module load cuda/12.2
source $WORK/venvs/torch/bin/activate
# RUN_TAG comes from the submit command: sbatch --export=ALL,RUN_TAG=baseline job.sh
export RUN_TAG
OUTDIR=$SCRATCH/runs/$RUN_TAG
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes=2 --nproc_per_node=3 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 train.py --out $OUTDIR
