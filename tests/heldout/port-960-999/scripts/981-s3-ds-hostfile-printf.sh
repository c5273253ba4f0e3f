#!/bin/bash
#SBATCH -J s3-ds
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
#SBATCH -A TG-ASC250033

module load gcc/13.2.0 cuda/12.4 impi
source $SCRATCH/venvs/ds/bin/activate

# DeepSpeed hostfile: every node of the job with its 4 H100s
for h in $(scontrol show hostnames "$SLURM_NODELIST"); do
    printf '%s slots=4\n' "$h"
done > $SCRATCH/hostfile.$SLURM_JOB_ID

cat > zero3.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": 4,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 3, "stage3_gather_16bit_weights_on_model_save": true}
}
EOF

deepspeed --hostfile $SCRATCH/hostfile.$SLURM_JOB_ID --launcher impi --num_nodes 2 --num_gpus 4 \
    sft.py --deepspeed zero3.json --model_name meta-llama/Llama-3.1-8B --epochs 2
