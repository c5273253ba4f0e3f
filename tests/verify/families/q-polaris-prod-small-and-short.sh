#!/bin/bash
# cluster: polaris
# Hand-written: 5 nodes for 3 minutes in prod, resources on one -l line. Two limits of the queue are
# broken at once (at least 10 nodes, at least 5 minutes): both are said, each with ALCF's source, and
# the fix names the queues that take 5 nodes.
# expect: nodes-below-queue error select=5
# expect: walltime-below-queue error select=5
# says: nodes-below-queue at least 10 nodes [https://docs.alcf.anl.gov/polaris/running-jobs/]
# says: nodes-below-queue queues that take 5 nodes for that walltime: debug-scaling
# says: walltime-below-queue at least 00:05:00 [https://docs.alcf.anl.gov/polaris/running-jobs/]
#PBS -A MyProj
#PBS -q prod
#PBS -l select=5:ncpus=64:ngpus=4,walltime=00:03:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
mpiexec -n 20 --ppn 4 python train.py
