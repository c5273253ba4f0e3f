#!/bin/bash
# family: launcher details - several launch lines (a scaling study): all read; the largest is main
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -A m2468_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
for n in 1 2 4; do
    echo "nodes: $n"
done
srun -N 1 -n 4 python bench.py --tag n1
srun -N 2 -n 8 python bench.py --tag n2
srun -N 4 -n 16 python bench.py --tag n4
