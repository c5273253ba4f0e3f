#!/bin/bash
# family: torchtune - `tune run` with torchrun's c10d options, one per node under srun, on Perlmutter
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 06:00:00

module load pytorch/2.3.1
export HF_HOME=$SCRATCH/hf
head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

srun tune run --nnodes 2 --nproc_per_node 4 \
    --rdzv_id "$SLURM_JOB_ID" --rdzv_backend c10d --rdzv_endpoint "$head_node:29500" \
    full_finetune_distributed --config llama3_1/8B_full \
    output_dir="$SCRATCH/tune-out" epochs=2
