#!/bin/bash
#SBATCH --job-name=jax-vit
#SBATCH --account=bdmx-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --gpu-bind=closest
#SBATCH --cpus-per-task=16
#SBATCH --mem=200g
#SBATCH --time=03:00:00
#SBATCH --constraint=scratch

module reset
source /projects/bdmx/venvs/jax-cuda12/bin/activate    # jax[cuda12] wheels bring their own CUDA libraries
export XLA_PYTHON_CLIENT_MEM_FRACTION=0.9
export NCCL_SOCKET_IFNAME=hsn

# one process per GPU; jax.distributed.initialize() in train_jax.py reads the coordinator,
# process count and process id from the Slurm environment of each task
srun python train_jax.py --config configs/vit_b16_jax.py --workdir /scratch/bdmx/$USER/jax-vit
