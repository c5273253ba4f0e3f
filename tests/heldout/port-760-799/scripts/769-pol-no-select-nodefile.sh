#!/bin/bash -l
# node count is chosen at submission time: qsub -l select=<N>:system=polaris run_gnn.sh
#PBS -N gnn-ddp
#PBS -A FusionML
#PBS -q capacity
#PBS -l place=scatter
#PBS -l walltime=06:00:00
#PBS -l filesystems=home:eagle
#PBS -o /eagle/FusionML/logs/

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < "${PBS_NODEFILE}")
NGPUS_PER_NODE=4
NGPUS=$(( NNODES * NGPUS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

mpiexec -n ${NGPUS} --ppn ${NGPUS_PER_NODE} --cpu-bind verbose,list:0,8,16,24 \
    --env NCCL_COLLNET_ENABLE=1 \
    python main_gnn.py --hidden 256 --layers 6 --epochs 100
