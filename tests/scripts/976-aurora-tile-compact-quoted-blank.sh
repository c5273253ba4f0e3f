#!/bin/bash
# s24: twelve ranks per Aurora node through the tile wrapper; a run name with blanks in a quoted constant
#PBS -l select=2
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -q debug-scaling
#PBS -A MyProject

cd ${PBS_O_WORKDIR}
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
RUN_NAME="vit b16 aurora"
mpiexec -n 24 --ppn 12 gpu_tile_compact.sh python train_vit_xpu.py --run-name "$RUN_NAME" --epochs 5
