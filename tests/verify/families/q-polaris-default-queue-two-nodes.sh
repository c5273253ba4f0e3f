#!/bin/bash
# cluster: polaris
# Hand-written, no -q: the job goes to ALCF's default queue, prod (10 nodes or more). The finding says
# the queue is the default one, and which queues take 2 nodes.
# expect: nodes-below-queue error select=2
# says: nodes-below-queue queue 'prod' (the scheduler's default: the script names none)
# says: nodes-below-queue debug, debug-scaling
# absent: walltime-below-queue,walltime-exceeds-queue
#PBS -A MyProj
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
mpiexec -n 8 --ppn 4 python train.py
