#!/bin/bash
# family: mpiexec starts one helper per node that is not beside the job script (PBS)
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A proj
cd ${PBS_O_WORKDIR}
mpiexec -n 2 --ppn 1 --depth=64 --cpu-bind depth ./launch_node.sh
