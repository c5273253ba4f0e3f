#!/bin/bash -l
# family: ALCF Aurora debug queue, one node, 12 ranks with the tile-compact helper
#PBS -A MyProject
#PBS -q debug
#PBS -l select=1
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -l place=scatter
cd $PBS_O_WORKDIR
module load frameworks
mpiexec -n 12 -ppn 12 --cpu-bind=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 gpu_tile_compact.sh python3 train.py --xpu
