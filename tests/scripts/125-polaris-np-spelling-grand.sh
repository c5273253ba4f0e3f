#!/bin/bash
# family: ALCF Polaris: select with ncpus/ngpus, the grand file system, mpiexec --np / --depth / --env
#PBS -l select=2:ncpus=64:ngpus=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=0:45:00
#PBS -l filesystems=home:grand
#PBS -q debug-scaling
#PBS -A MyProj
cd "${PBS_O_WORKDIR}" || exit 1
module use /soft/modulefiles
module load conda
conda activate
MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_ADDR
export MASTER_PORT=2345
mpiexec --np 8 --ppn 4 --depth=8 --cpu-bind depth --env OMP_NUM_THREADS=8 --hostfile "$PBS_NODEFILE" python main.py --epochs 10
