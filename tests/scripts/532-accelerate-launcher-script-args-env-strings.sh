#!/bin/bash
# family: launcher, program and arguments in exported strings joined into CMD and run with srun $CMD
#SBATCH --job-name=acc-multinode
#SBATCH -D .
#SBATCH --output=O-%x.%j
#SBATCH --error=E-%x.%j
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gres=gpu:4
#SBATCH --time=01:30:00
source setup_env.sh
export GPUS_PER_NODE=4
head_node_ip=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export LAUNCHER="accelerate launch \
    --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) \
    --num_machines $SLURM_NNODES \
    --rdzv_backend c10d \
    --main_process_ip $head_node_ip \
    --main_process_port 29522 \
    "
export WORKDIR="${WORKDIR:-/work/acc}"
export SCRIPT="${WORKDIR}/examples/glue_finetune.py"
export SCRIPT_ARGS=" \
    --mixed_precision bf16 \
    --output_dir ${WORKDIR}/out \
    "
export CMD="$LAUNCHER $SCRIPT $SCRIPT_ARGS"
srun $CMD
