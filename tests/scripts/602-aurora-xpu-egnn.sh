#!/bin/bash -l
#PBS -A CatalystML
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -N egnn_xpu
#PBS -k doe
#PBS -j oe

cd $PBS_O_WORKDIR
module load frameworks

# one rank per PVC tile (FLAT mode: 12 devices per node)
export ZE_FLAT_DEVICE_HIERARCHY=FLAT
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export FI_PROVIDER=cxi

NNODES=$(wc -l < $PBS_NODEFILE)
PPN=12
NRANKS=$(( NNODES * PPN ))
CPU_BIND="verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"
export MASTER_ADDR=$(head -1 $PBS_NODEFILE)
export MASTER_PORT=29400
echo "$(date) nodes=$NNODES ranks=$NRANKS"

mpiexec -n ${NRANKS} -ppn ${PPN} --cpu-bind ${CPU_BIND} \
    gpu_tile_compact.sh \
    python3 train_egnn.py --epochs 5 --batch-size 32 --data /flare/CatalystML/oc20
