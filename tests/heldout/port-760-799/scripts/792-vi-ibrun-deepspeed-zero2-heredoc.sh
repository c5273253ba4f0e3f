#!/bin/bash
#SBATCH -J moe-z2
#SBATCH -p gh
#SBATCH -N 16
#SBATCH -n 16
#SBATCH -t 06:00:00
#SBATCH -A CCR24055

module load gcc cuda
module load python3
source $SCRATCH/venvs/ds-arm/bin/activate
export CUDA_HOME=$TACC_CUDA_DIR

cat > ds_zero2.json << EOF
{
  "train_batch_size": 512,
  "gradient_accumulation_steps": 2,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "allgather_bucket_size": 2e8}
}
EOF

# deepspeed.init_distributed() discovers the ranks through MPI under ibrun
ibrun python -u train_moe.py --deepspeed --deepspeed_config ds_zero2.json --num-experts 16
