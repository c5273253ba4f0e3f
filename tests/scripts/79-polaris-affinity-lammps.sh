#!/bin/bash
# family: not DDP + wrappers - LAMMPS behind the Polaris affinity script (binary on PATH)
# (https://docs.alcf.anl.gov/polaris/applications-and-libraries/applications/lammps/)
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A MatSci
cd ${PBS_O_WORKDIR}
mpiexec -n 16 --ppn 4 --depth=8 --cpu-bind depth ./set_affinity_gpu_polaris.sh lmp -k on g 4 -sf kk -in in.lj
