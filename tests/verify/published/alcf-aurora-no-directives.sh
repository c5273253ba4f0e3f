#!/bin/bash
# cluster: aurora
# family: site options - no resource directives; resources are given on the qsub line:
#   qsub -l select=2 -l walltime=00:30:00 -l filesystems=home:flare -q debug -A MyProject job.sh
# modelled on https://docs.alcf.anl.gov/aurora/running-jobs-aurora/ (qsub with -l options)
cd ${PBS_O_WORKDIR}
module load frameworks
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $(( NNODES * 12 )) -ppn 12 --cpu-bind depth -d 8 gpu_tile_compact.sh python3 train.py
