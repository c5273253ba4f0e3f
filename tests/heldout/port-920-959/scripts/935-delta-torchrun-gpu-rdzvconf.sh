#!/bin/bash
#SBATCH --job-name=wav2vec-ft
#SBATCH --account=bcjw-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch&projects"
#SBATCH --time=08:00:00

module reset
module load anaconda3_gpu/23.9.0
module load nccl/2.19.3-1.awsplugin
source activate /projects/bcjw/envs/speech

head_node_ip=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

# elastic agent restarts a failed worker group up to 3 times; nodes get 15 min to join
srun torchrun \
    --nnodes=$SLURM_NNODES \
    --nproc_per_node=gpu \
    --max_restarts=3 \
    --rdzv_id=$SLURM_JOB_ID \
    --rdzv_backend=c10d \
    --rdzv_endpoint=$head_node_ip:29500 \
    --rdzv_conf=join_timeout=900,read_timeout=300 \
    finetune_w2v.py --manifest /scratch/bcjw/librispeech/manifests --max-update 80000 --fp16
