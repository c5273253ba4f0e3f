#!/bin/bash
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 06:00:00

module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29500

# one launcher per node; the node's rank is read by each task when it runs
cat > run_node.sh <<'EOF'
#!/bin/bash
torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=$SLURM_NODEID \
    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
    train_unet.py --epochs 60 --batch-size 16
EOF

srun --ntasks-per-node=1 bash run_node.sh
