#!/bin/bash
# s24: JAX's own multi-process start under srun (jax.distributed.initialize reads Slurm), one task per GPU
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00

module load cudnn/8.9.3_cuda12 python
source $HOME/venvs/jax/bin/activate
export XLA_PYTHON_CLIENT_MEM_FRACTION=0.9
STEPS=20000
srun python train_diffusion_jax.py --steps $STEPS --batch 256
