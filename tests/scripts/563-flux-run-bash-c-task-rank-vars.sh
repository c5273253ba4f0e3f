#!/bin/bash
# family: per-task ranks from Flux's own task variables inside bash -c (FLUX_TASK_RANK,
# FLUX_TASK_LOCAL_ID, FLUX_JOB_SIZE); a port must use the target launcher's per-task variables
#flux: -N 2
#flux: -t 1h
#flux: -q pbatch

export MASTER_ADDR=$(flux hostlist --nth=0 instance)
export MASTER_PORT=29400
flux run -N 2 -n 8 -g 1 bash -c 'RANK=$FLUX_TASK_RANK LOCAL_RANK=$FLUX_TASK_LOCAL_ID WORLD_SIZE=$FLUX_JOB_SIZE python train.py --epochs 3'
