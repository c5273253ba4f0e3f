#!/bin/bash
# cluster: polaris
# ALCF: prod accepts an array of up to 100 subjobs, but routes only 10 of a project's jobs at once; without
# a throttle the subjobs past 10 sit forever (a warning that says so, with the throttle as the fix).
# expect: array-exceeds-submit-limit warning -J 0-99
# message: array-exceeds-submit-limit -J 0-99: 100 subjobs, past the limit of the 'prod' queue on polaris, 10 jobs queued and running at once per project.*accepted but never run
# absent: array-too-large
#PBS -A datascience
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -r y
#PBS -J 0-99
cd "$PBS_O_WORKDIR"
mpiexec -n 40 --ppn 4 python3 eval.py --shard "$PBS_ARRAY_INDEX"
