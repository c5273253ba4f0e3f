#!/bin/bash
# family: not DDP + wrappers - a SYCL MPI application bound to GPU tiles on Aurora
# (https://docs.alcf.anl.gov/aurora/running-jobs-aurora/)
#PBS -l select=2
#PBS -l walltime=00:20:00
#PBS -l filesystems=home:flare
#PBS -q debug-scaling
#PBS -A MyAurora
cd ${PBS_O_WORKDIR}
mpiexec -n 24 -ppn 12 --cpu-bind list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 \
    gpu_tile_compact.sh ./sycl_stencil -n 4096
