#!/bin/bash
# family: a config file read with `.` by a relative path, then a cd below the submit directory
# ($PBS_O_WORKDIR/src): the file is read from the submit directory, before the cd
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A projz
cd ${PBS_O_WORKDIR}
. config/paths.env
cd ${PBS_O_WORKDIR}/src
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n 40 --ppn 4 --depth=16 --cpu-bind depth python main.py --data "${DATA_DIR}" --epochs 3
