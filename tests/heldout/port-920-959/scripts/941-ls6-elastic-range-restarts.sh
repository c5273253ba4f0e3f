#!/bin/bash
#SBATCH -J t5-elastic
#SBATCH -p gpu-a100
#SBATCH -N 3
#SBATCH -n 3
#SBATCH -t 20:00:00
#SBATCH -A TG-CIS240331
#SBATCH -o t5.%j.out

module load python3/3.9.7
source $SCRATCH/python-envs/t5/bin/activate

export HEAD=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)

# elastic: the run survives losing nodes (min 1, max 3) and restarts workers up to twice
ibrun -np 3 torchrun --nnodes=1:3 --nproc_per_node=3 --max_restarts=2 \
    --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29400 --rdzv_id=t5-$SLURM_JOB_ID \
    train_t5.py --model t5-large --task summarization --output_dir $SCRATCH/t5-out
