#!/bin/bash
# family: DeepSpeed config - the config written by a heredoc with its ZeRO stage
# (https://www.deepspeed.ai/docs/config-json/)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A bbbb-delta-gpu
#SBATCH -t 03:00:00
cat << EOF > ds_config.json
{
  "train_micro_batch_size_per_gpu": 4,
  "zero_optimization": { "stage": 3, "overlap_comm": true },
  "bf16": { "enabled": true }
}
EOF
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun python train.py --deepspeed --deepspeed_config ds_config.json
