#!/bin/bash
# family: launcher details - --gres=gpu:TYPE:N and python -m torch.distributed.run --standalone at a
# site maple does not know (CSC's examples, https://github.com/CSCfi/pytorch-ddp-examples)
#SBATCH --account=project_2001234
#SBATCH --partition=gputest
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=40
#SBATCH --mem=0
#SBATCH --time=15
#SBATCH --gres=gpu:v100:4
module purge
module load pytorch
srun python3 -m torch.distributed.run --standalone --nnodes=1 --nproc_per_node=4 mnist_ddp.py --epochs=100
