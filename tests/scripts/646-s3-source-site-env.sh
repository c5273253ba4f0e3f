#!/bin/bash
#SBATCH -J whisper-ft
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 12:00:00
#SBATCH -A ASC25011
#SBATCH -o whisper.o%j
#SBATCH -e whisper.e%j

# group env file: loads the python module and activates the venv on $SCRATCH
source /work2/10492/dlee/shared/env/s3_h100_torch.sh

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29531
export OMP_NUM_THREADS=12

ibrun -n 2 bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT finetune_whisper.py --model openai/whisper-large-v3 --lang hi --max-steps 20000'
