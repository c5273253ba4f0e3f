#!/bin/bash
# family: a PBS Pro job array on Polaris whose subjobs take their config file from one line of a list
# (awk NR==index) - each subjob a one-node, four-GPU torchrun
#PBS -l select=1:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q preemptable
#PBS -A sweepproj
#PBS -J 1-8
cd "$PBS_O_WORKDIR"
CFG=$(awk -v i="$PBS_ARRAY_INDEX" 'NR==i' configs.list)
mpiexec -n 1 --ppn 1 torchrun --standalone --nproc_per_node=4 finetune.py --config "$CFG" --seed 7
