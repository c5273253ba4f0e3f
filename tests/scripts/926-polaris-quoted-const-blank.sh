#!/bin/bash -l
# family: variables - a quoted constant with a blank is one argument; a reassigned constant takes its last
# value before the launch
#PBS -N t5-ft
#PBS -A NLPProj
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
RUN_NAME="t5 base ft"
LR=1e-3
LR=5e-4
mpiexec -n 8 --ppn 4 --depth 8 --cpu-bind depth python finetune_t5.py --run-name "$RUN_NAME" --learning-rate $LR
