#!/bin/bash
# cluster: polaris
# Throttled, but 150 subjobs: past the 100 that PBS accepts in prod (an error, throttle or not).
# expect: array-exceeds-submit-limit error -J 0-149%10
# message: array-exceeds-submit-limit 150 subjobs, each one job against the limit of the 'prod' queue on polaris, 100 jobs.*rejects
#PBS -A datascience
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -r y
#PBS -J 0-149%10
cd "$PBS_O_WORKDIR"
mpiexec -n 40 --ppn 4 python3 eval.py --shard "$PBS_ARRAY_INDEX"
