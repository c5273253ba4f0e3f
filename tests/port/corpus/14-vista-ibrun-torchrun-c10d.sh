#!/bin/bash
#SBATCH -J clip-gh200
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 12:00:00
#SBATCH -A CDA24014

module load gcc cuda
module load python3
source $SCRATCH/envs/clip/bin/activate

MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_ADDR

export OMP_NUM_THREADS=64
export WANDB_PROJECT=openclip-vista

# one GH200 per node: one torchrun per node, c10d rendezvous (no node rank needed)
ibrun torchrun --nnodes=8 --nproc_per_node=1 \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 --rdzv_id=$SLURM_JOB_ID \
    -m open_clip_train.main \
    --train-data "$SCRATCH/laion400m/{00000..04000}.tar" \
    --dataset-type webdataset \
    --batch-size 256 \
    --model ViT-B-32 \
    --epochs 32
