#!/bin/bash -l
#PBS -N catalyst-unet
#PBS -A CatalystML
#PBS -q debug
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:flare
#PBS -k doe

cd ${PBS_O_WORKDIR}
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

NNODES=$(wc -l < $PBS_NODEFILE)
PPN=12          # one rank per tile (6 PVC x 2 tiles)
CPU_BIND="verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"

mpiexec -n $(( NNODES * PPN )) --ppn ${PPN} --cpu-bind=${CPU_BIND} \
    python3 catalyst_unet.py --device xpu --backend xccl --epochs 5 --data /flare/CatalystML/oc22
