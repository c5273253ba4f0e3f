#!/usr/bin/env bash
# family: --tasks-per-node (Slurm's other spelling of --ntasks-per-node) with every GPU given to the
# one task by --gpus-per-task; torchrun inside a Singularity image counts the GPUs (nproc gpu)
#SBATCH --job-name=multigpu_torchrun
#SBATCH --nodes=1
#SBATCH --tasks-per-node=1
#SBATCH --gpus-per-task=8
#SBATCH --output="output_%x_%j.txt"
#SBATCH --partition=standard-g
#SBATCH --time=00:30:00
#SBATCH --account=project_465000001
export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
srun singularity exec pytorch_rocm.sif torchrun --standalone --nnodes=1 --nproc_per_node=gpu multigpu_torchrun.py --total_epochs=10 --save_every=5
