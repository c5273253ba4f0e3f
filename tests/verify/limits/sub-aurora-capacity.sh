#!/bin/bash
# cluster: aurora
# capacity: max 5 jobs queued or running per user.
# expect: array-exceeds-submit-limit warning -J 0-9
# message: array-exceeds-submit-limit 10 subjobs.*'capacity' queue on aurora, 5 jobs.*docs.alcf.anl.gov/aurora/running-jobs-aurora/
#PBS -A AuroraGPT
#PBS -q capacity
#PBS -l select=1
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -r y
#PBS -J 0-9
cd "$PBS_O_WORKDIR"
mpiexec -n 12 --ppn 12 python3 eval.py --shard "$PBS_ARRAY_INDEX"
