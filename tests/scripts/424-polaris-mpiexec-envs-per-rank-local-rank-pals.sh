#!/bin/bash
# family: mpiexec --env passing the rendezvous, ranks from PALS in a per-rank wrapper line
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A MyProject

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate

NNODES=$(wc -l < $PBS_NODEFILE)
NGPUS=4
NTOTRANKS=$(( NNODES * NGPUS ))
MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)

mpiexec -n ${NTOTRANKS} --ppn ${NGPUS} --depth 8 --cpu-bind depth \
    --env MASTER_ADDR=${MASTER_ADDR} --env MASTER_PORT=29500 \
    bash -c 'RANK=$PALS_RANKID LOCAL_RANK=$PALS_LOCAL_RANKID WORLD_SIZE='${NTOTRANKS}' python train.py --batch-size 64'
