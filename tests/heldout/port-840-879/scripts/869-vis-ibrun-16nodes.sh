#!/bin/bash
#SBATCH -J vit-h14
#SBATCH -o vit.%j.out
#SBATCH -p gh
#SBATCH -N 16
#SBATCH -n 16
#SBATCH -t 20:00:00
#SBATCH -A ASC25007

module load gcc cuda
module load python3
source /work/08219/rlee/vista/venvs/vit/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
# one GH200 per node -> one rank per node; main.py reads RANK from PMI_RANK
ibrun python3 -u main.py --config configs/vit_h14.yaml --accum 4
