#!/bin/bash
#SBATCH -J detr
#SBATCH -o detr.%j.out
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 8
#SBATCH -t 10:00:00
module load python
#SBATCH -A TG-CIS240222

source $SCRATCH/venvs/detr/bin/activate
cd /work2/10234/ktan/detr

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500

# one task per H100; main.py takes rank and world size from PMI_RANK / PMI_SIZE
ibrun python main.py --coco_path $SCRATCH/coco --epochs 150 --batch_size 4
