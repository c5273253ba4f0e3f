#!/bin/bash
# family: a PBS site with its own resource types (ABCI-like): GPUs counted at run time with nvidia-smi
#PBS -q rt_HF
#PBS -l select=1:mpiprocs=192
#PBS -l walltime=1:00:00
#PBS -P grpname
#PBS -j oe
cd "${PBS_O_WORKDIR}" || exit 1
module load hpcx
wd=$PWD/work
num_gpus=$(nvidia-smi -L | wc -l)
mpirun -np "$num_gpus" -bind-to none -map-by slot -x MAIN_ADDR="$(hostname -i)" -x MAIN_PORT=3000 singularity exec --nv app.sif python -m aiapp.train config_ddp.yaml --working_directory ${wd}
