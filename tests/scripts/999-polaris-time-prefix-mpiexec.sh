#!/bin/bash -l
# shape: `time` before mpiexec
#PBS -A MyProj
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles; module load conda; conda activate
time mpiexec -n 8 --ppn 4 --depth 16 --cpu-bind depth python main.py --cfg cfgs/resnet.yaml
