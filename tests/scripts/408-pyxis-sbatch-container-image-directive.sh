#!/bin/bash
# family: Pyxis/enroot - the image named once in the header (#SBATCH --container-image), srun inherits it
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
#SBATCH --container-image=nvcr.io#nvidia/pytorch:24.03-py3
#SBATCH --container-mounts=/home/me/work:/work

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12345
srun python /work/train.py --epochs 10
