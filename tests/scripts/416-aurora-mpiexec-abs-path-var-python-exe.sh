#!/bin/bash
# family: the PALS mpiexec and the Python interpreter named by absolute paths in variables
#PBS -N fsdp_xpu
#PBS -l walltime=00:45:00
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l filesystems=flare:home

cd $PBS_O_WORKDIR
module load frameworks
export ZE_FLAT_DEVICE_HIERARCHY=FLAT
PYTHON_EXE=/lus/flare/projects/MyProject/venvs/xpu/bin/python3
MPIEXEC=/opt/cray/pals/1.8/bin/mpiexec

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE | cut -d. -f1)
export MASTER_PORT=29507

$MPIEXEC -n 24 -ppn 12 --cpu-bind=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 \
    $PYTHON_EXE -u main.py --lr 1e-4 --fsdp
