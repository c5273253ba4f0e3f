#!/bin/bash
# the site helper of 102-accelerate-helper-forwarded-args.sh: one accelerate launch per node with the
# arguments it is given
set -x
accelerate launch --machine_rank=$SLURM_NODEID "$@"
