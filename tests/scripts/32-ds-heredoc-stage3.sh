#!/bin/bash
# family: DeepSpeed config as a heredoc in the script (https://www.deepspeed.ai/docs/config-json/)
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A bbbb-delta-gpu
#SBATCH -t 04:00:00
cat > ds_config.json <<JSON
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 8,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 3, "overlap_comm": true}
}
JSON
scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/ slots=4/' > hostfile
deepspeed --hostfile hostfile --num_gpus 4 --num_nodes 2 train_llm.py --deepspeed --deepspeed_config ds_config.json
