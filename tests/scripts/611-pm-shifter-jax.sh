#!/bin/bash -l
#SBATCH --time=02:00:00
#SBATCH --qos=regular
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --constraint=gpu
#SBATCH --account=m3970_g
#SBATCH --image=nvcr.io/nvidia/jax:24.04-py3
#SBATCH --job-name=jax-flow
#SBATCH --output=%x-%j.out

# one process per GPU; jax.distributed.initialize() reads the Slurm variables
export XLA_PYTHON_CLIENT_MEM_FRACTION=0.9
echo "start $(date)"
srun --cpu-bind=cores shifter --module=gpu,nccl-plugin python3 flow_matching_jax.py --steps 50000 --global-batch 512 --ckpt-dir $SCRATCH/flow_ckpt
echo "end $(date)"
