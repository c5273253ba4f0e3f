#!/bin/bash
#SBATCH -J bert-ft
#SBATCH -p gpu-a100-dev
#SBATCH -N 1
#SBATCH -n 3
#SBATCH -t 01:30:00
#SBATCH -o %x.%j.out

module load python3/3.9.7 cuda/12.2
source $WORK/venvs/nlp/bin/activate
export MASTER_ADDR=localhost
export MASTER_PORT=29500
# tacc_affinity pins each task to the socket its GPU hangs off
ibrun tacc_affinity python finetune_bert.py --task mnli --bs 32 --fp16
