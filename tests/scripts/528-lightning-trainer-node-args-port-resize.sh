#!/bin/bash
# family: the program's own arguments name the node and device counts (Lightning CLI); a port that
# changes the placement must change them or say so
#SBATCH --nodes=2
#SBATCH --gres=gpu:8
#SBATCH --ntasks-per-node=8
#SBATCH --mem=0
#SBATCH --time=0-02:00:00
conda activate vitenv
srun python train_vit.py fit --trainer.num_nodes 2 --trainer.devices 8 --data.batch_size 32
