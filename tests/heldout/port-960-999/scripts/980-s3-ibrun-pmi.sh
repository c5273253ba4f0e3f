#!/bin/bash
#SBATCH -J s3-gpt
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 8
#SBATCH -t 12:00:00
#SBATCH -A TG-CIS240117
#SBATCH -o s3-gpt.%j.out

module load gcc/13.2.0 cuda/12.4
module load python/3.10.12
source $SCRATCH/venvs/torch24/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
# ibrun gives each task PMI_RANK and PMI_SIZE; train_gpt.py sets LOCAL_RANK = PMI_RANK % 4
ibrun python -u train_gpt.py --n-layer 24 --n-embd 1024 --data $SCRATCH/owt
