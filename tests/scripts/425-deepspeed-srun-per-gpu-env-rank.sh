#!/bin/bash
# family: DeepSpeed without its runner - srun one task per GPU, deepspeed.init_distributed reads Slurm's env
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=12
#SBATCH --time=08:00:00

cat > ds_zero2.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": 4,
  "zero_optimization": {"stage": 2, "overlap_comm": true},
  "bf16": {"enabled": true}
}
JSON
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=6000

srun python train.py --deepspeed --deepspeed_config ds_zero2.json
