#!/bin/bash
#PBS -N mace-mp-large
#PBS -A MatML
#PBS -q capacity
#PBS -l select=16
#PBS -l place=scatter
#PBS -l walltime=96:00:00
#PBS -l filesystems=home:flare
#PBS -r y
#PBS -j oe

cd $PBS_O_WORKDIR
module load frameworks
source /flare/MatML/venvs/mace/bin/activate

NNODES=$(sort -u $PBS_NODEFILE | wc -l)
RANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * RANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE | cut -d. -f1).hsn.cm.aurora.alcf.anl.gov
export MASTER_PORT=2345
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export TMPDIR=/tmp

# node failures happen over four days; the job is rerunnable (-r y) and the trainer restarts from its last checkpoint
mpiexec -n ${NTOTRANKS} -ppn ${RANKS_PER_NODE} \
    --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 --envall \
    python train_mace.py --config configs/mace_mp_large.yaml --restart_latest
