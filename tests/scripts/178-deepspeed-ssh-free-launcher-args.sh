#!/bin/bash
# family: deepspeed's launcher told to use srun itself (--launcher SLURM), the ZeRO-3 config written inline
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=12:00:00
cat > ds_z3.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": "auto",
  "zero_optimization": {"stage": 3, "stage3_gather_16bit_weights_on_model_save": true},
  "bf16": {"enabled": "auto"}
}
JSON
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=8/' > hostfile
deepspeed --hostfile hostfile --launcher SLURM --num_gpus 8 --num_nodes 2 finetune.py --deepspeed ds_z3.json
