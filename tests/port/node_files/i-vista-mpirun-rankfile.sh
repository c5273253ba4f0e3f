#!/bin/bash
#SBATCH -A TG-ABC123
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 01:00:00
i=0
for h in $(scontrol show hostnames "$SLURM_JOB_NODELIST"); do
  echo "rank $i=$h slot=0-71" >> rankfile
  i=$((i + 1))
done
mpirun -np 2 --rankfile rankfile python hvd_train.py --epochs 4
