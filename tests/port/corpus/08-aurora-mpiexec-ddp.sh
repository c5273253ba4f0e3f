#!/bin/bash -l
#PBS -N vit-aurora
#PBS -A AuroraGPT
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -k doe
#PBS -j oe

cd $PBS_O_WORKDIR
module load frameworks

# one rank per GPU tile (FLAT mode: 6 GPUs x 2 tiles = 12 per node)
NNODES=$(cat $PBS_NODEFILE | wc -l)
NRANKS_PER_NODE=12
NRANKS=$(( NNODES * NRANKS_PER_NODE ))
CPU_BIND=verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export ZE_FLAT_DEVICE_HIERARCHY=FLAT

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE | cut -d. -f1).hsn.cm.aurora.alcf.anl.gov
export MASTER_PORT=29500
export OMP_NUM_THREADS=4

echo "nodes=$NNODES ranks=$NRANKS"

mpiexec -n $NRANKS --ppn $NRANKS_PER_NODE --cpu-bind $CPU_BIND --hostfile $PBS_NODEFILE \
    python3 train_vit.py --device xpu --backend xccl --batch-size 64 --epochs 10 \
    --data-path /lus/flare/projects/AuroraGPT/datasets/imagenet
