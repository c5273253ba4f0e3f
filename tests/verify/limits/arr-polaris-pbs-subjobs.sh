#!/bin/bash
# cluster: polaris
# expect: array-too-large warning -J 0-49999
# message: array-too-large 50000 subjobs, more than PBS Professional's default max_array_size \(10000\)
#PBS -A proj
#PBS -q preemptable
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -J 0-49999
cd "$PBS_O_WORKDIR"
mpiexec -n 4 --ppn 4 python eval.py --shard "$PBS_ARRAY_INDEX"
