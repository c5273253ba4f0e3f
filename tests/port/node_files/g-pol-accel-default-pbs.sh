#!/bin/bash
#PBS -A proj
#PBS -q debug
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
accelerate config default --config_file=cfg/accel.yaml
accelerate launch --config_file cfg/accel.yaml train.py --bf16
