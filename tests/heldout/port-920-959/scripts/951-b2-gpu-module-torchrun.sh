#!/bin/bash
#SBATCH -J bert-pretrain
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH -t 30:00:00
#SBATCH -A cis230059p

module load AI/pytorch_23.02-1.13.1-py3
source activate $AI_ENV

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500

srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 \
    --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \
    run_pretraining.py --input_dir /ocean/projects/cis230059p/shared/wiki_hdf5 --max_steps 7038 --fp16
