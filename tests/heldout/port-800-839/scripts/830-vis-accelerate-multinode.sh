#!/bin/bash
#SBATCH -J mt5-accel
#SBATCH -p gh
#SBATCH -N 16
#SBATCH --ntasks-per-node=1
#SBATCH -t 12:00:00
#SBATCH -A CCR24051
#SBATCH -o mt5.%j.out

# Vista: 16 GH200 nodes, one accelerate launcher per node
module load gcc cuda python3
source /scratch/10771/mtuser/vista/accel-venv/bin/activate
export HEAD_NODE=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export HEAD_PORT=29640

ibrun bash -c "accelerate launch --multi_gpu --num_machines $SLURM_NNODES --num_processes $SLURM_NNODES --machine_rank \$PMI_RANK \
   --main_process_ip $HEAD_NODE --main_process_port $HEAD_PORT --mixed_precision bf16 \
   train_mt5.py --model google/mt5-base --train_file /scratch/10771/mtuser/vista/data/train.jsonl --num_train_epochs 3"
