#!/bin/bash
# cluster: polaris
# The same array throttled to 10 eligible subjobs (ALCF's own fix): no finding.
# absent: array-exceeds-submit-limit
#PBS -A datascience
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -r y
#PBS -J 0-99%10
cd "$PBS_O_WORKDIR"
mpiexec -n 40 --ppn 4 python3 eval.py --shard "$PBS_ARRAY_INDEX"
