#!/bin/bash
#SBATCH -J gptj-z1
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:8
#SBATCH -t 24:00:00
#SBATCH --exclusive

module purge
module load cuda/12.2 gcc/11.3.0
source /home/jdoe/envs/deepspeed/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export NCCL_IB_HCA=mlx5
export PYTHONUNBUFFERED=1

scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/ slots=8/' > hostfile.$SLURM_JOB_ID

cat > ds_z1.json <<EOF
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 2,
  "zero_optimization": { "stage": 1 },
  "bf16": { "enabled": true }
}
EOF

# the slurm launcher makes DeepSpeed start the ranks with srun
deepspeed --launcher slurm --hostfile hostfile.$SLURM_JOB_ID --num_nodes 2 --num_gpus 8 \
    --master_addr $MASTER_ADDR --master_port $MASTER_PORT \
    pretrain.py --model gptj-6b --deepspeed --deepspeed_config ds_z1.json --max-steps 20000
