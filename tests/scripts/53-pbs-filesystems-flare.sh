#!/bin/bash
# family: fingerprints - Aurora: filesystems=home:flare, module load frameworks, ZE_AFFINITY_MASK
# (https://docs.alcf.anl.gov/aurora/data-science/frameworks/pytorch/)
#PBS -l select=1
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -q debug
#PBS -A MyAurora
cd ${PBS_O_WORKDIR}
module load frameworks
export ZE_FLAT_DEVICE_HIERARCHY=FLAT
mpiexec -n 12 -ppn 12 python train.py --device xpu
