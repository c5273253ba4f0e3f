#!/bin/bash
# Vista GH200 quick scaling test, 2 nodes
#SBATCH -J gh-smoke
#SBATCH -p gh-debug
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 01:30:00
#SBATCH -o smoke.%j.out

module load gcc cuda python3
cd $WORK/vista/smoke

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500

ibrun python3 ddp_smoke.py --steps 500 --batch-size 64
