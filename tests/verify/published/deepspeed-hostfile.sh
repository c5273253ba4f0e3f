#!/bin/bash
# cluster: polaris
# family: DeepSpeed on PBS - a hostfile with slots = GPUs per node, deepspeed started once
# modelled on https://docs.alcf.anl.gov/polaris/data-science/frameworks/deepspeed/
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NGPUS=$(nvidia-smi -L | wc -l)
sed "s/$/ slots=${NGPUS}/" $PBS_NODEFILE > hostfile
deepspeed --hostfile=hostfile --launcher MPICH cifar10_deepspeed.py --deepspeed --deepspeed_config ds_config.json
