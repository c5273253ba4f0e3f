#!/bin/bash
# cluster: polaris
# ALCF's own -J form with a skip (<start>-<end>:<skip>): 0-198:2 is 100 subjobs, the most PBS accepts in prod
# (no error), all eligible at once: past the 10 that prod routes (a warning; the fix keeps the skip).
# expect: array-exceeds-submit-limit warning -J 0-198:2
# message: array-exceeds-submit-limit -J 0-198:2: 100 subjobs, past the limit of the 'prod' queue on polaris, 10 jobs
#PBS -A datascience
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -r y
#PBS -J 0-198:2
cd "$PBS_O_WORKDIR"
mpiexec -n 40 --ppn 4 python3 eval.py --shard "$PBS_ARRAY_INDEX"
