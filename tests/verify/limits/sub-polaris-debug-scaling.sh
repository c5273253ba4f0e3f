#!/bin/bash
# cluster: polaris
# debug-scaling: max 1 job running/accruing/queued per user, a throttle not said to help there.
# expect: array-exceeds-submit-limit warning -J 1-4%1
# message: array-exceeds-submit-limit 4 subjobs.*'debug-scaling' queue on polaris, 1 job queued and running at once per user
#PBS -A datascience
#PBS -q debug-scaling
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -r y
#PBS -J 1-4%1
cd "$PBS_O_WORKDIR"
mpiexec -n 16 --ppn 4 python3 eval.py --shard "$PBS_ARRAY_INDEX"
