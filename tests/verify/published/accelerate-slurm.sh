#!/bin/bash
# cluster: perlmutter
# family: Accelerate on Slurm - total processes from nodes x GPUs, c10d rendezvous, launcher in a variable
# modelled on https://github.com/huggingface/accelerate/blob/main/examples/slurm/submit_multinode.sh
#SBATCH --job-name=multinode
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=01:59:00
module load pytorch
export GPUS_PER_NODE=4
head_node_ip=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export LAUNCHER="accelerate launch \
    --num_processes $((SLURM_NNODES * GPUS_PER_NODE)) \
    --num_machines $SLURM_NNODES \
    --rdzv_backend c10d \
    --main_process_ip $head_node_ip \
    --main_process_port 29500 \
    "
export SCRIPT="complete_nlp_example.py"
export SCRIPT_ARGS="--mixed_precision fp16 --output_dir outputs"
export CMD="$LAUNCHER $SCRIPT $SCRIPT_ARGS"
srun $CMD
