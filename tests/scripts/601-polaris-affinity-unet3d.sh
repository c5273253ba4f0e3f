#!/bin/bash -l
#PBS -N unet3d_polaris
#PBS -A BrainSeg
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:eagle
#PBS -j oe
# 2 nodes x 4 A100, one MPI rank per GPU, GPU picked by the affinity helper

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base
source /eagle/BrainSeg/envs/unet-venv/bin/activate

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=2345
export TMPDIR=/tmp
echo "NUM_OF_NODES=${NNODES} TOTAL_NUM_RANKS=${NTOTRANKS} RANKS_PER_NODE=${NRANKS_PER_NODE}"

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth \
    --env OMP_NUM_THREADS=${NDEPTH} \
    ./set_affinity_gpu_polaris.sh python train_unet3d.py --data /eagle/BrainSeg/brats21 --patch 128 --epochs 40
