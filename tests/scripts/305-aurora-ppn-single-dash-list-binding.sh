#!/bin/bash
# family: Aurora, the frameworks module, oneCCL variables, -ppn (single dash) and a CPU binding list
# held in a variable; 12 ranks per node, one per tile
#PBS -A MyProject
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -q debug-scaling
#PBS -k doe
#PBS -j oe
cd ${PBS_O_WORKDIR}
module load frameworks
NNODES=`wc -l < $PBS_NODEFILE`
RANKS_PER_NODE=12
NRANKS=$(( NNODES * RANKS_PER_NODE ))
CPU_BINDING="list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100"
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
mpiexec -n ${NRANKS} -ppn ${RANKS_PER_NODE} --cpu-bind ${CPU_BINDING} python train_resnet.py --batch-size 128 --backend xccl
