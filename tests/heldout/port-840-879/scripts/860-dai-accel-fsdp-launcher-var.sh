#!/bin/bash
#SBATCH --job-name=pythia-fsdp
#SBATCH --account=bfsw-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=256
#SBATCH --time=06:00:00

module reset
module load python/miniforge3_pytorch/2.7.0
source /projects/bfsw/venvs/accel/bin/activate

GPUS_PER_NODE=4
head_node_ip=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

# c10d rendezvous, so no --machine_rank is needed per node
export LAUNCHER="accelerate launch \
    --use_fsdp --fsdp_sharding_strategy FULL_SHARD \
    --mixed_precision bf16 \
    --num_machines $SLURM_NNODES \
    --num_processes $(( SLURM_NNODES * GPUS_PER_NODE )) \
    --rdzv_backend c10d \
    --main_process_ip $head_node_ip \
    --main_process_port 29500"

srun $LAUNCHER train_clm.py \
    --model_name_or_path EleutherAI/pythia-1.4b \
    --per_device_train_batch_size 8 \
    --output_dir /work/nvme/bfsw/pythia-ft
