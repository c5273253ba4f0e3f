#!/bin/bash
# cluster: aurora
# Hand-written: Aurora's prod starts at 256 nodes; 128 nodes for 30 minutes fit debug-scaling.
# expect: nodes-below-queue error select=128
# says: nodes-below-queue at least 256 nodes
# says: nodes-below-queue debug-scaling
#PBS -A MyProj
#PBS -q prod
#PBS -l select=128
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
cd "$PBS_O_WORKDIR"
mpiexec -n 1536 --ppn 12 python train.py
