#!/bin/bash
# the per-node helper of 48-ibrun-run-sh.sh (one GH200 per node on Vista)
torchrun --nnodes $SLURM_NNODES --nproc_per_node 1 --node_rank $SLURM_NODEID \
    --master_addr $MASTER_ADDR --master_port 29500 train_llm.py --steps 1000
