#!/bin/bash
# family: a DeltaAI (Grace, aarch64) job that runs torchrun inside a SIF image of the centre's NGC
# collection; the image's programs are aarch64 builds, so a port to x86_64 nodes runs without it
#SBATCH --account=bexy-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=02:00:00
head_ip=$(srun --nodes=1 --ntasks=1 -w "$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)" hostname -I | awk '{print $1}')
srun apptainer exec --nv /sw/user/NGC_containers/pytorch_24.09-py3.sif \
    torchrun --nnodes ${SLURM_NNODES} --nproc_per_node 4 --rdzv_id $RANDOM --rdzv_backend c10d \
    --rdzv_endpoint "$head_ip:29500" train_vit.py --epochs 20
