#!/bin/bash
# family: a PBS site with Open MPI (hpcx): rank count from nvidia-smi, -x exports, singularity around python -m
#PBS -q gpu_full
#PBS -l select=1:ngpus=8:mpiprocs=8
#PBS -l walltime=2:00:00
#PBS -P mygroup
#PBS -j oe

cd ${PBS_O_WORKDIR}
source /etc/profile.d/modules.sh
module load hpcx

wd=/groups/mygroup/runs/exp01
num_gpus=$(nvidia-smi -L | wc -l)

mpirun -np $num_gpus -bind-to none -map-by slot \
    -x MASTER_ADDR=$(hostname -i) \
    -x MASTER_PORT=3000 \
    singularity exec --nv mypkg.sif python -m mypkg.apps.train $wd/config_ddp.yaml --working_directory $wd
