#!/bin/bash
#SBATCH -J bert-pt
#SBATCH -o bert.o%j
#SBATCH -e bert.e%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 08:00:00
#SBATCH -A ASC24017

module load python3/3.9.7
source $SCRATCH/python-envs/bert/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
export OMP_NUM_THREADS=16

# ibrun starts one task per node (-n 2 on -N 2); torchrun spawns the 3 GPU workers
ibrun torchrun --nnodes 2 --nproc_per_node 3 \
    --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:$MASTER_PORT --rdzv_id $SLURM_JOB_ID \
    run_pretraining.py --max_steps 10000 --lr 5e-5 --fp16
