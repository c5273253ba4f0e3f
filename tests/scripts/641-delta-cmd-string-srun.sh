#!/bin/bash
#SBATCH --job-name=segformer-ade
#SBATCH --account=bdhx-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch"
#SBATCH --time=14:00:00
#SBATCH --output=seg-%j.out

module reset
module load pytorch-conda/2.8
export NCCL_SOCKET_IFNAME=hsn

HEAD_NODE=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
RDZV_PORT=29611
CFG=configs/segformer_mit-b5_ade20k.py

CMD="torchrun --nnodes $SLURM_NNODES --nproc_per_node 4 --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint $HEAD_NODE:$RDZV_PORT tools/train_seg.py $CFG --launcher pytorch --work-dir /scratch/bdhx/$USER/segformer"
echo "launch: $CMD"
srun $CMD
