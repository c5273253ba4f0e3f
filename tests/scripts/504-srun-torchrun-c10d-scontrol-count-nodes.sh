#!/bin/bash
# family: srun torchrun per node, c10d rendezvous on the head found with scontrol, node count by wc -l
#SBATCH -p gpu
#SBATCH --nodes=2
#SBATCH --gres=gpu:A40:4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=32
#SBATCH --time=08:00:00
HEAD=$(scontrol show hostnames | head -n 1)
NN=$(scontrol show hostnames | wc -l)
module load anaconda3
conda activate flows
export TORCH_DISTRIBUTED_DEBUG=INFO
srun torchrun \
    --nnodes $NN \
    --nproc_per_node 4 \
    --max_restarts 0 \
    --rdzv_backend c10d \
    --rdzv_id $SLURM_JOB_ID \
    --rdzv_endpoint $HEAD:29500 \
    train_flow.py --config configs/big.yaml
