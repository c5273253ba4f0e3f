#!/bin/bash
#SBATCH -J bert-ls6
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 10:00:00
#SBATCH -A CCR24011

module load cuda/12.2 python3/3.9.7
source $WORK/venvs/bert/bin/activate

HEAD=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

# per-node helper written here and started once per node by ibrun
cat > per_node.sh << EOF
#!/bin/bash
torchrun --nnodes=2 --nproc_per_node=3 --node_rank=\$SLURM_NODEID \
  --rdzv_backend=c10d --rdzv_endpoint=${HEAD}:29500 \
  run_mlm.py --model_name_or_path bert-large-uncased --per_device_train_batch_size 24
EOF
chmod 755 per_node.sh

ibrun ./per_node.sh
