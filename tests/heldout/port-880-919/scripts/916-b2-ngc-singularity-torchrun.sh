#!/bin/bash
#SBATCH -J b2-lm
#SBATCH -A cis220089p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=40
#SBATCH -t 12:00:00
#SBATCH -o b2-lm-%j.out

SIF=/ocean/containers/ngc/pytorch/pytorch_latest.sif
cd /ocean/projects/cis220089p/$USER/fairseq-lm
HEAD=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

srun singularity exec --nv -B /ocean $SIF \
    torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 --rdzv_id=$SLURM_JOB_ID \
    train_lm.py --data data-bin/wikitext-103 --arch transformer_lm --fp16 --max-tokens 4096 --max-update 50000
