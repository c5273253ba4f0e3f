#!/bin/bash
#SBATCH -A bcxz-dtai-gh
#SBATCH -p ghx4
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 288
#SBATCH -t 06:00:00
#SBATCH -J whisper-ngc

SIF=/sw/user/NGC_containers/pytorch_25.08-py3.sif
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

srun apptainer exec --bind /work/nvme/bcxz:/work/nvme/bcxz $SIF \
    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
    finetune_whisper.py --model openai/whisper-large-v3 --language hi --max_steps 12000
