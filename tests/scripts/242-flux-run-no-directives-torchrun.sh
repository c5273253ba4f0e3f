#!/bin/bash
# family: Flux script with no directives (resources on the flux batch line): flux run starts torchrun per node
module load rocm
MASTER_ADDR=$(flux hostlist local | head -n 1)
export MASTER_ADDR
flux run -N 2 --tasks-per-node=1 -c 64 torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint="$MASTER_ADDR":29500 train.py --bf16
