#!/bin/bash
# family: a continued launch line whose middle line lacks its backslash: the next line starts with an
# option and runs as a command of its own
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A projx
cd ${PBS_O_WORKDIR}
mpiexec -n 40 --ppn 4 --depth=16 --cpu-bind depth python train_cls.py \
  --lr 0.1
  --epochs 4
