#!/bin/bash
#SBATCH -J mprog-ddp
#SBATCH -A cis240318-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 04:00:00
#SBATCH -o mprog-%j.out

module load modtree/gpu conda/2025.09
conda activate ddp-env

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29522

# all eight tasks run the same trainer; srun replaces %t with the task's global rank
cat > tasks.conf <<EOF
0-7 python -u train_pointcloud.py --rank %t --world-size 8 --data /anvil/scratch/x-alu/shapenet --epochs 150
EOF

srun --multi-prog tasks.conf
