#!/bin/bash
# family: python -m torch.distributed.run started once per node by srun, CSC style partition names
#SBATCH --account=project_2001234
#SBATCH --partition=gpumedium
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=128
#SBATCH --gres=gpu:a100:4
#SBATCH --time=01:00:00
module purge
module load pytorch
srun python3 -m torch.distributed.run --nnodes=$SLURM_JOB_NUM_NODES --nproc_per_node=4 --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 mnist_ddp.py --epochs 5
