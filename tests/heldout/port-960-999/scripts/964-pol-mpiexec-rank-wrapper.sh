#!/bin/bash -l
#PBS -N gpt-pol
#PBS -A AstroML
#PBS -q capacity
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=06:00:00
#PBS -l filesystems=home:eagle
#PBS -k doe
#PBS -j oe

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29400

# set_rank_env.sh (in the repo) exports RANK, LOCAL_RANK and WORLD_SIZE from PMI_RANK,
# PMI_LOCAL_RANK and PMI_SIZE, and sets CUDA_VISIBLE_DEVICES from the local rank before exec "$@"
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth 8 --cpu-bind depth \
    ./set_rank_env.sh python train_gpt.py --micro-batch 4 --seq-len 2048 --data /eagle/AstroML/tokens
