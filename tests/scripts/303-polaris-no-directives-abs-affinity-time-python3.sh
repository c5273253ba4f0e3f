#!/bin/bash
# family: an ALCF user's Polaris script with no #PBS lines (qsub -l select=4 ... on the command line):
# ranks from $PBS_NODEFILE, `time mpiexec`, the affinity helper and the program by absolute path
cd ${PBS_O_WORKDIR}
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NDEPTH=8
NTHREADS=1
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
echo "NUM_OF_NODES= ${NNODES} TOTAL_NUM_RANKS= ${NTOTRANKS} RANKS_PER_NODE= ${NRANKS_PER_NODE}"
module use /soft/modulefiles
module load conda; conda activate
source /eagle/myproj/envs/vit/bin/activate
time mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth /home/user/vit/set_affinity_gpu_polaris.sh python3 /home/user/vit/train_vit.py --epochs 20
