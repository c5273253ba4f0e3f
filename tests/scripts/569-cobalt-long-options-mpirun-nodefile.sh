#!/bin/bash
# family: an ALCF Cobalt job (ThetaGPU, retired 2023) with the long option spellings (--time HH:MM:SS,
# --queue, --project) and Open MPI's mpirun over $COBALT_NODEFILE, 8 GPUs per node
#COBALT -n 2
#COBALT --time 01:30:00
#COBALT --queue full-node
#COBALT --project AIScience
#COBALT --attrs filesystems=home,eagle

source /lus/theta-fs0/software/thetagpu/conda/2022-07-01/mconda3/setup.sh
NNODES=$(wc -l < $COBALT_NODEFILE)
mpirun -n $((NNODES * 8)) -npernode 8 -hostfile ${COBALT_NODEFILE} python train_gnn.py --amp --epochs 40
