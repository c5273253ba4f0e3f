#!/bin/bash
#SBATCH --job-name=bio-z2
#SBATCH --account=IscrC_BIOLM
#SBATCH --partition=boost_usr_prod
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=8
#SBATCH --mem=0
#SBATCH --time=24:00:00

module load profile/deeplrn
module load cineca-ai/4.3.0

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export NCCL_IB_HCA=mlx5
export OMP_NUM_THREADS=8

cat > ds_zero2.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": 16,
  "gradient_accumulation_steps": 2,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "overlap_comm": true, "contiguous_gradients": true}
}
JSON

srun bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS \
    python -u train_biolm.py --deepspeed --deepspeed_config ds_zero2.json --max_steps 60000'
