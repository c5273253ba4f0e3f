#!/bin/bash
#SBATCH -J unet3d
#SBATCH -p gpu-a100
#SBATCH -N 4
#SBATCH -n 12
#SBATCH -t 48:00:00
#SBATCH -A DMS23001
#SBATCH -o logs/unet3d.%j.out

module load gcc/11.2.0 cuda/12.2 python3/3.9.7
source $SCRATCH/envs/torch/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500

# cut the volumes into patches once, on task 0 of the first node
ibrun -n 1 -o 0 python make_patches.py --in $SCRATCH/volumes --out $SCRATCH/patches

# restart from the newest checkpoint, up to three times, if a node drops out
for attempt in 1 2 3; do
    ibrun python train_unet.py --patches $SCRATCH/patches --resume latest && break
    echo "attempt $attempt failed; restarting from the last checkpoint"
done
