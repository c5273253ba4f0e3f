#!/bin/bash
#SBATCH -J acc-dev
#SBATCH -p gh-dev
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 01:00:00

module load gcc/15.1.0 python3/3.11.8
source $SCRATCH/venvs/accel/bin/activate
export CUDA_HOME=/home1/apps/nvidia/Linux_aarch64/25.5/cuda/12.9/

MAIN=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

mpirun -np 2 --map-by ppr:1:node -x MAIN=$MAIN bash -c 'accelerate launch --multi_gpu --num_machines 2 \
    --machine_rank $OMPI_COMM_WORLD_RANK --num_processes 2 \
    --main_process_ip $MAIN --main_process_port 1234 --rdzv_backend static \
    finetune.py --model_name gpt2-medium --epochs 1'
