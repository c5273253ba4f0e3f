#!/bin/bash
# family: a dependency chain - the job queues its own next segment (afterany on itself) before it
# trains, and the training resumes from the last checkpoint; the sbatch line is Slurm's own
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 12:00:00
#SBATCH -J chain-pretrain
SEGMENT=${SEGMENT:-0}
if [ "$SEGMENT" -lt 5 ]; then
    sbatch --dependency=afterany:$SLURM_JOB_ID --export=ALL,SEGMENT=$((SEGMENT + 1)) "$0"
fi
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT pretrain.py --resume latest --ckpt-dir ckpt'
