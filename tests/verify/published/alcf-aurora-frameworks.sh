#!/bin/bash -l
# cluster: aurora
# family: mpiexec twelve ranks per node (one per GPU tile), frameworks module, CCL backend
# modelled on https://docs.alcf.anl.gov/aurora/data-science/frameworks/pytorch/ and
# https://docs.alcf.anl.gov/aurora/running-jobs-aurora/
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:flare
cd "${PBS_O_WORKDIR}" || exit 1
module load frameworks
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
mpiexec -n 48 --ppn 12 --cpu-bind depth -d 8 gpu_tile_compact.sh python train.py --backend ccl
