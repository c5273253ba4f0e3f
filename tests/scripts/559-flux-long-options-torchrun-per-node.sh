#!/bin/bash
# family: Flux directives in their long spellings (--nodes=, --time-limit=, --queue=, --bank=) and one
# torchrun per node started by `flux run --tasks-per-node=1`, rendezvous at the first host
#flux: --nodes=4
#flux: --time-limit=90m
#flux: --queue=pbatch
#flux: --bank=mlwork
#flux: --output=logs/llm-{{id}}.out

source ~/envs/llm/bin/activate
head=$(flux hostlist --nth=0 instance)
flux run --nodes=4 --tasks-per-node=1 --exclusive \
    torchrun --nnodes=4 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_id=$FLUX_JOB_ID \
    --rdzv_endpoint=${head}:29500 pretrain.py --config configs/llm_1b.yaml
