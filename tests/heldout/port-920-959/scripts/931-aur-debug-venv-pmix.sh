#!/bin/bash -l
#PBS -A ChemDiff
#PBS -q debug
#PBS -l select=1
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load frameworks/2025.3.1
# extra packages (e3nn, ase) on top of the frameworks env
source /flare/ChemDiff/venvs/diff/bin/activate

export ZE_FLAT_DEVICE_HIERARCHY=FLAT
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29501

mpiexec --pmi=pmix -n 12 --ppn 12 --cpu-bind list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python train_diffusion.py --data /flare/ChemDiff/qm9 --batch-size 64 --steps 2000
