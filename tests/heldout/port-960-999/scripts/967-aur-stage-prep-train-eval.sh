#!/bin/bash -l
#PBS -N climax-aurora
#PBS -A ClimateFM
#PBS -q capacity
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=08:00:00
#PBS -l filesystems=home:flare
#PBS -k doe

cd $PBS_O_WORKDIR
module load frameworks

NNODES=$(wc -l < $PBS_NODEFILE)
RANKS_PER_NODE=12
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

# 1) copy the shards to every node's /tmp (one rank per node)
mpiexec -n ${NNODES} --ppn 1 cp -r /flare/ClimateFM/era5_shards /tmp/

# 2) normalisation statistics, computed once into the shared work directory
mpiexec -n 1 --ppn 1 python prep_stats.py --src /tmp/era5_shards --out stats.npz

# 3) training: one rank per tile
mpiexec -n $(( NNODES * RANKS_PER_NODE )) --ppn ${RANKS_PER_NODE} \
    --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python train_climax.py --data /tmp/era5_shards --stats stats.npz --epochs 30

# 4) evaluation on one tile
mpiexec -n 1 --ppn 1 python evaluate.py --ckpt checkpoints/last.pt
