#!/bin/bash
# family: the per-node command read from a heredoc into a variable (read -r -d '' CMD <<EOF) and run
# by srun bash -c "$CMD"; torchrun with c10d rendezvous; NCSA DeltaAI
#SBATCH --account=bcdf-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --time=12:00:00

module load python/miniforge3_pytorch
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
read -r -d '' CMD <<EOF
torchrun --nnodes=2 --nproc_per_node=4 \
  --rdzv_backend=c10d --rdzv_endpoint=$head:29500 \
  pretrain_llm.py --config configs/1b.yaml --bf16
EOF
srun bash -c "$CMD"
