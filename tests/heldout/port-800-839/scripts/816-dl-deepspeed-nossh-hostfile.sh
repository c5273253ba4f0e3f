#!/bin/bash
#SBATCH -J ds-bloom
#SBATCH -A bfqk-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=240g
#SBATCH -t 20:00:00
#SBATCH --constraint="scratch&projects"

module reset
module load pytorch-conda/2.8
source /projects/bfqk/envs/ds-venv/bin/activate

PROJ=/projects/bfqk/$USER/bloom-ft
DS_CFG=$PROJ/configs/ds_config.json
HOSTFILE=$PROJ/hostfile.$SLURM_JOB_ID

scontrol show hostnames "$SLURM_JOB_NODELIST" | awk '{print $1 " slots=4"}' > "$HOSTFILE"
export MASTER_ADDR=$(head -n 1 "$HOSTFILE" | cut -d' ' -f1)
export MASTER_PORT=29700

# no passwordless ssh between compute nodes: one deepspeed launcher per node, node rank per task
srun --ntasks-per-node=1 bash -c "deepspeed --hostfile $HOSTFILE --no_ssh --node_rank \$SLURM_NODEID \
    --master_addr $MASTER_ADDR --master_port $MASTER_PORT \
    finetune_bloom.py --model bigscience/bloom-3b --train_file $PROJ/data/train.json --deepspeed --deepspeed_config $DS_CFG"
