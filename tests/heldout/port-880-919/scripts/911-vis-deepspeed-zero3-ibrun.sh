#!/bin/bash
# Vista GH200, 16 nodes x 1 GPU, ZeRO-3 across nodes
#SBATCH -J z3-vista
#SBATCH -p gh
#SBATCH -N 16
#SBATCH -n 16
#SBATCH -t 36:00:00
#SBATCH -o z3.%j.out

module load gcc/15.1.0 cuda python3/3.11.8
source $SCRATCH/venvs/ds-arm/bin/activate
export CUDA_HOME=/home1/apps/nvidia/Linux_aarch64/25.5/cuda/12.9/
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500

cat > zero3.json <<EOF
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 8,
  "bf16": {"enabled": true},
  "zero_optimization": {
    "stage": 3,
    "overlap_comm": true,
    "stage3_gather_16bit_weights_on_model_save": true
  }
}
EOF

ibrun python3 finetune_llm.py --deepspeed zero3.json --model_name_or_path meta-llama/Llama-2-13b-hf --data $SCRATCH/data/alpaca.json --num_train_epochs 3
