#!/bin/bash
# family: a typed --gpus-per-node on four nodes of one GPU each, ml module set-up, srun per task
#SBATCH --account hpc2n2025-001
#SBATCH --job-name gpu_ddp
#SBATCH --time=00:15:00
#SBATCH --ntasks 4
#SBATCH --nodes 4
#SBATCH --gpus-per-node=v100:1
#SBATCH --error=job.%J.err
#SBATCH --output=job.%J.out
ml purge > /dev/null 2>&1
ml GCC/11.3.0 OpenMPI/4.1.4 PyTorch/1.12.0-CUDA-11.7.0
srun python ddp_mnist.py --epochs 5
