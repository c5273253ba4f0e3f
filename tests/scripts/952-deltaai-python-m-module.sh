#!/bin/bash
# widen: the program as a module (python -m), set -e, torchrun per node under srun
#SBATCH --job-name=vith
#SBATCH --account=bmno-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=12:00:00
set -e

module load python/miniforge3_pytorch
HEAD=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 -m trainer.main --config configs/vit_h.yaml
