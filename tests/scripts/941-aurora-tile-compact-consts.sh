#!/bin/bash
# widen: Aurora's tile wrapper, rank counts and arguments from constants
#PBS -N xpu-ddp
#PBS -A AuroraProj
#PBS -q debug
#PBS -l select=2
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare

cd ${PBS_O_WORKDIR}
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export FI_MR_CACHE_MONITOR=userfaultfd
NNODES=$(wc -l < $PBS_NODEFILE)
PPN=12
EPOCHS=5
BATCH=64
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n $((NNODES * PPN)) --ppn $PPN --cpu-bind=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 \
    gpu_tile_compact.sh python train_xpu.py --device xpu --epochs $EPOCHS --batch-size $BATCH
