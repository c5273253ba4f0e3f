#!/bin/bash
#PBS -A Catalysts
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l walltime=00:59:00
#PBS -l filesystems=home:flare

cd $PBS_O_WORKDIR
module load frameworks
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS=$((NNODES * 12))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=2345

mpiexec -n $NRANKS --ppn 12 --cpu-bind list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 \
    python train_ocp.py --mode train --config-yml configs/s2ef/all/equiformer.yml --distributed
