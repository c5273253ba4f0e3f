#!/bin/bash
#SBATCH -J lr-sweep
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 12:00:00
#SBATCH -o sweep.%j.out

module load python3/3.9.7
source /scratch/07321/jdoe/venvs/torch/bin/activate

cd /work/07321/jdoe/ls6/pointnet2
for lr in 3e-4 1e-3 3e-3; do
    echo "== lr=$lr =="
    torchrun --nproc_per_node=3 --master_port=29511 train_cls.py --lr $lr --epochs 120 --log_dir logs/lr_$lr
done
