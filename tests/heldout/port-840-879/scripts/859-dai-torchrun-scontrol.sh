#!/bin/bash
#SBATCH --job-name=dino-vitl
#SBATCH --account=bfsw-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=256
#SBATCH --mem=0
#SBATCH --time=12:00:00

module reset
module load python/miniforge3_pytorch/2.7.0
export NCCL_SOCKET_IFNAME=hsn

nodes=( $(scontrol show hostnames $SLURM_JOB_NODELIST) )
head_node=${nodes[0]}
head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
echo "rendezvous on $head_node ($head_ip)"

srun torchrun --nnodes $SLURM_NNODES --nproc_per_node 4 \
    --rdzv-id $SLURM_JOB_ID --rdzv-backend c10d --rdzv-endpoint $head_ip:29500 \
    train_dino.py --arch vit_large --output_dir /work/nvme/bfsw/$USER/dino
