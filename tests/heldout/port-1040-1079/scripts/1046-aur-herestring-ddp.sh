#!/bin/bash -l
#PBS -N resnet-xpu
#PBS -A CatalystAI
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:flare
#PBS -k doe
#PBS -j oe

cd "$PBS_O_WORKDIR"
module load frameworks

# node count and first host in one pass over the node file
read -r NNODES FIRST_HOST <<< "$(sort -u "$PBS_NODEFILE" | awk 'NR == 1 {h = $1} END {print NR, h}')"
PPN=12                                   # one rank per tile (FLAT hierarchy)
NRANKS=$(( NNODES * PPN ))

export MASTER_ADDR="${FIRST_HOST%%.*}.hsn.cm.aurora.alcf.anl.gov"
export MASTER_PORT=2345
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export TMPDIR=/tmp

CPU_BIND="verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"

echo "${NNODES} nodes, ${NRANKS} ranks, master ${MASTER_ADDR}"
mpiexec -n "$NRANKS" -ppn "$PPN" --cpu-bind="$CPU_BIND" \
    python train_resnet.py --arch resnet50 --data /flare/CatalystAI/imagenet --epochs 2 --batch-size 128
