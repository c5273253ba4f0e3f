#!/bin/bash
# family: Pyxis/enroot - flags (no value) right before the program, an environment pass-through
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=02:00:00

srun --container-image=nvcr.io#nvidia/pytorch:24.05-py3 --container-env=HF_HOME \
     --container-mounts=$PWD:/workspace --container-workdir=/workspace \
     --no-container-mount-home --container-remap-root --no-container-entrypoint --container-readonly \
     torchrun --standalone --nproc_per_node=8 finetune.py --lr 2e-5 --bf16
