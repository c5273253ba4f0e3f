#!/bin/bash
# family: DeepSpeed config heredoc whose stage is a script variable
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -A m4545_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 06:00:00
ZERO_STAGE=1
CONFIG_JSON=./ds_config_$SLURM_JOB_ID.json
cat <<EOT > $CONFIG_JSON
{
  "train_batch_size": 256,
  "zero_optimization": { "stage": $ZERO_STAGE },
  "fp16": { "enabled": true }
}
EOT
export MASTER_ADDR=$(hostname)
export MASTER_PORT=6000
srun python pretrain_gpt.py --tensor-model-parallel-size 1 --pipeline-model-parallel-size 1 --deepspeed --deepspeed_config $CONFIG_JSON
