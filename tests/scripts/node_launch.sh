#!/bin/bash
# the per-node helper of 105-mpirun-helper-positional.sh: $1 is the head node, $2 the node count
MASTER=$1
NODES=$2
torchrun --nproc_per_node=1 --nnodes=$NODES --node_rank=${OMPI_COMM_WORLD_RANK} --master_addr=$MASTER \
    --master_port=29500 multinode.py 50 10
