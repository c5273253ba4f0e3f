#!/bin/bash
# widen: a GPU monitor in the background during the training, stopped after it
#SBATCH -A m4400_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 08:00:00

module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv -l 60 > gpu-$SLURM_JOB_ID.csv &
MON=$!
srun python train_llama.py --model llama-7b --bf16
kill $MON
