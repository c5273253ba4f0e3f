#!/usr/bin/env bash
# family: a container-centre script: one task with every GPU of the node, torchrun inside the image
#SBATCH --job-name=ddp_demo
#SBATCH --nodes=1
#SBATCH --tasks-per-node=1
#SBATCH --gpus-per-task=8
#SBATCH --time=00:20:00
#SBATCH --account=project_000111
export MIOPEN_USER_DB_PATH=/tmp/${USER}-miopen-${SLURM_JOB_ID}
srun singularity exec my_torch_rocm.sif torchrun --standalone --nnodes=1 --nproc_per_node=gpu mnist_ddp.py --epochs=3
