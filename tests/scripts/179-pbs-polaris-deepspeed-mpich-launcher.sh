#!/bin/bash
# family: ALCF Polaris DeepSpeed with the MPICH launcher and a hostfile built from PBS_NODEFILE
#PBS -A MyProj
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR" || exit 1
module use /soft/modulefiles
module load conda
conda activate base
sed 's/$/ slots=4/' "$PBS_NODEFILE" > hostfile
deepspeed --hostfile=hostfile --launcher MPICH train.py --deepspeed_config ds_zero2_offload.json
