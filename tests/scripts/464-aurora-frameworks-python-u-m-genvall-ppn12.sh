#!/bin/bash
# family: Aurora - the frameworks module, flare file system, one rank per GPU tile with --genvall and the
# documented CPU binding list, an unbuffered Python module as the program
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -q debug-scaling
#PBS -A myproj
cd ${PBS_O_WORKDIR}
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS=12
mpiexec -n $((NNODES * NRANKS)) -ppn $NRANKS --genvall --cpu-bind=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 python -u -m trainer.main --backend xccl --steps 200
