#!/bin/bash
# family: an LSF job with jsrun resource sets (one per GPU): 6 GPUs per node, 4 nodes
#BSUB -P ABC123
#BSUB -W 2:00
#BSUB -nnodes 4
#BSUB -J vit
#BSUB -o vit.%J
module load open-ce/1.5.2-py39-0
jsrun -n 24 -a 1 -c 7 -g 1 -r 6 --bind=proportional-packed:7 --launch_distribution=packed python train_vit.py --epochs 10
