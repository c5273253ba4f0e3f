#!/bin/bash
# cluster: polaris
# absent: hostfile-slots
#PBS -A proj
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
cd $PBS_O_WORKDIR
NGPUS=4
cat $PBS_NODEFILE | while read h; do
  printf '%s slots=%d\n' "$h" "$NGPUS"
done > hostfile
deepspeed --hostfile hostfile train.py --deepspeed --deepspeed_config ds.json
