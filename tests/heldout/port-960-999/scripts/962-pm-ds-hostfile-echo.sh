#!/bin/bash
#SBATCH -A m2404_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 03:00:00
#SBATCH -J gpt-zero2

module load pytorch/2.3.1

# the deepspeed launcher wants a hostfile: one line per node, 4 slots (GPUs) each
rm -f hostfile
scontrol show hostnames "$SLURM_JOB_NODELIST" | while read -r host; do
    echo "$host slots=4" >> hostfile
done

cat > ds_config.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": 8,
  "gradient_accumulation_steps": 4,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "overlap_comm": true}
}
EOF

export MASTER_ADDR=$(head -n1 hostfile | cut -d' ' -f1)
deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 4 --master_addr $MASTER_ADDR \
    pretrain.py --deepspeed --deepspeed_config ds_config.json --model-size 1.3b
