#!/bin/bash
#PBS -A EarthSeg
#PBS -q capacity
#PBS -l select=8
#PBS -l place=scatter
#PBS -l walltime=04:00:00
#PBS -l filesystems=home:flare
#PBS -k doe
#PBS -N unet-xpu

cd ${PBS_O_WORKDIR}
module load frameworks

# oneCCL minimal set (ALCF) plus a longer KVS timeout
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export CCL_KVS_CONNECTION_TIMEOUT=600
export FI_MR_CACHE_MONITOR=userfaultfd
export FI_CXI_DEFAULT_CQ_SIZE=1048576
export TMPDIR=/tmp

NNODES=$(wc -l < $PBS_NODEFILE)
PPN=12
CPU_BIND=verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79

# one rank per tile (ZE_FLAT_DEVICE_HIERARCHY=FLAT from the frameworks module);
# train_unet.py takes RANK/WORLD_SIZE from mpi4py and LOCAL_RANK from PALS_LOCAL_RANKID
mpiexec -n $(( NNODES * PPN )) --ppn ${PPN} --cpu-bind=${CPU_BIND} \
    python3 train_unet.py --epochs 40 --batch-size 16 --data-dir /flare/EarthSeg/tiles
