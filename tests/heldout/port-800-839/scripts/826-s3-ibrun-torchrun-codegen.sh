#!/bin/bash
#SBATCH -J codegen-s3
#SBATCH -p h100
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 20:00:00
#SBATCH -A TG-ASC250021
#SBATCH -o codegen.%j.out

module load cuda/12.4
source /work2/10234/cgen/stampede3/envs/torch/bin/activate

NODELIST=$(scontrol show hostnames $SLURM_JOB_NODELIST)
MASTER_ADDR=$(echo "$NODELIST" | head -n 1)
export MASTER_ADDR MASTER_PORT=29555

# one ibrun task per H100 node; the HF Trainer reads the DeepSpeed config from the repository
ibrun bash -c "torchrun --nnodes \$SLURM_NNODES --nproc-per-node 4 --node-rank \$PMI_RANK --master-addr $MASTER_ADDR --master-port $MASTER_PORT \
    finetune_codegen.py --model Salesforce/codegen-2B-mono --train-data /work2/10234/cgen/data/python.jsonl --deepspeed configs/ds_config.json"
