#!/bin/bash
# shape: python -m torch.distributed.run instead of torchrun, one node
#SBATCH --account=cis250123-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=12:00:00

module load modtree/gpu conda
conda activate det
python -m torch.distributed.run --standalone --nproc_per_node=4 train_det.py --config configs/yolo.yaml
