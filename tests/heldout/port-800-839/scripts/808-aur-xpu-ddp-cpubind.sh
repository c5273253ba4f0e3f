#!/bin/bash -l
#PBS -A AuroraGNN
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:flare
#PBS -k doe
#PBS -N schnet-ddp

cd "$PBS_O_WORKDIR"
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export ZE_FLAT_DEVICE_HIERARCHY=FLAT
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29580

# one rank per tile, skipping cores 0 and 52
CPU_BIND="verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"
NNODES=$(wc -l < "$PBS_NODEFILE")
PPN=12

mpiexec -n $(( NNODES * PPN )) -ppn ${PPN} --cpu-bind=${CPU_BIND} \
  python train_schnet.py --epochs 40 --batch-size 32 --data /flare/AuroraGNN/qm9
