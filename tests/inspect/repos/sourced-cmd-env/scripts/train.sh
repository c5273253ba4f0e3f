#!/bin/bash
set -euo pipefail
DATA=${DATA:-/data/fineweb-edu}
torchrun --nproc_per_node=${NGPU} train.py \
  --lr ${LR} --batch_size ${BS:-32} --max_steps ${STEPS} --data ${DATA}
