#!/bin/bash
#SBATCH --job-name=ppo-ds
#SBATCH --account=bdqe-delta-gpu
#SBATCH --partition=gpuH200x8
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=12
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch"
#SBATCH --time=12:00:00

module reset
module load pytorch-conda
# deepspeed lives in a venv on top of the module
source /projects/bdqe/venvs/ds/bin/activate
export NCCL_SOCKET_IFNAME=hsn

scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=8/' > hostfile.$SLURM_JOB_ID

cat > ds_zero2.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": 2,
  "gradient_accumulation_steps": 4,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "overlap_comm": true}
}
JSON

deepspeed --hostfile hostfile.$SLURM_JOB_ID --launcher slurm --num_nodes 2 --num_gpus 8 \
    train_ppo.py --actor_model meta-llama/Llama-3.1-8B-Instruct --reward_model /projects/bdqe/rm-8b \
    --deepspeed ds_zero2.json
