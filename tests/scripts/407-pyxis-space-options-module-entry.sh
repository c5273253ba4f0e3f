#!/bin/bash
# family: Pyxis/enroot - options written with a space, a named container, -m entry point
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --time=00:45:00

srun --container-image docker.io/pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime \
     --container-name pt230 \
     --container-mounts "$HOME/proj:/proj" \
     --container-env NCCL_DEBUG \
     python -m trainer.main --config /proj/cfg/base.yaml
