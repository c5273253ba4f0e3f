#!/bin/bash
#SBATCH -J fsdp-1n
#SBATCH -p gpu-h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 24:00:00
#SBATCH -A CCR25011
#SBATCH -o fsdp-%j.out

module load python3/3.9.7
source /scratch/09876/mlin/envs/torch28/bin/activate

python -m torch.distributed.run --standalone --nproc_per_node=2 \
    fsdp_finetune.py --model facebook/opt-1.3b --sharding-strategy FULL_SHARD --epochs 2
