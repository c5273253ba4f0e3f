#!/bin/bash -l
#PBS -A ClimateDL
#PBS -q prod
#PBS -l select=16:system=polaris
#PBS -l place=scatter
#PBS -l walltime=30:00:00
#PBS -l filesystems=home:eagle
#PBS -N fourcastnet-16n

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS=$(( NNODES * 4 ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
unset NCCL_NET_GDR_LEVEL NCCL_CROSS_NIC NCCL_COLLNET_ENABLE NCCL_NET

mpiexec -n ${NRANKS} --ppn 4 --depth 8 --cpu-bind depth \
    python train_afno.py --yaml_config config/afno_backbone.yaml --config afno_backbone_26ch --run_num 16n
