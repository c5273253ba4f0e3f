#!/bin/bash
# family: ALCF Aurora: the launcher and the interpreter by full paths held in variables
#PBS -N ddp
#PBS -l walltime=00:30:00
#PBS -A MyProj
#PBS -q debug
#PBS -l select=2
#PBS -l filesystems=flare:home
cd "$PBS_O_WORKDIR" || exit 1
module load frameworks
export ZE_FLAT_DEVICE_HIERARCHY=FLAT
PYTHON_EXE=/opt/aurora/25.190.0/frameworks/bin/python3
MPIEXEC=/opt/cray/pals/1.8/bin/mpiexec
MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_ADDR
export MASTER_PORT=29507
$MPIEXEC -n 24 -ppn 12 --cpu-bind list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 $PYTHON_EXE train.py --steps 100
