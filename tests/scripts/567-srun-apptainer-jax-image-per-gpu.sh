#!/bin/bash
# family: a JAX program (one task per GPU, jax.distributed.initialize() reads Slurm's ranks) run in a
# JAX container image by apptainer: not PyTorch; a port is refused with the reason
#SBATCH --job-name=jax-vit
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=06:00:00

export XLA_PYTHON_CLIENT_PREALLOCATE=false
srun apptainer exec --nv $HOME/images/jax_24.04-py3.sif python3 train_vit.py --config configs/vit_b16.py --workdir runs/vit
