#!/bin/bash
# family: DeepSpeed config + launcher details - the deepspeed launcher over a hostfile it writes,
# the config's stage 2 from a heredoc (https://www.deepspeed.ai/getting-started/#resource-configuration-multi-node)
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A cdef-delta-gpu
#SBATCH -t 02:00:00
scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/ slots=4/' > hostfile
cat > zero.json <<EOF
{"train_batch_size": 64, "zero_optimization": {"stage": 2}}
EOF
deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 4 train.py --deepspeed_config zero.json
