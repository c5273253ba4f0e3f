#!/bin/bash -l
#COBALT -n 2
#COBALT -t 06:00:00
#COBALT -q full-node
#COBALT -A datascience
#COBALT -O logs/swinir

source /lus/theta-fs0/software/thetagpu/conda/2022-07-01/mconda3/setup.sh
conda activate base

export MASTER_ADDR=$(head -n 1 $COBALT_NODEFILE)
export MASTER_PORT=29500
NODES=$(cat $COBALT_NODEFILE | wc -l)
# 8 A100s per DGX node, one rank each; the program reads OMPI_COMM_WORLD_RANK / _LOCAL_RANK
mpirun -x PATH -x LD_LIBRARY_PATH -x MASTER_ADDR -x MASTER_PORT \
    -np $(( NODES * 8 )) -npernode 8 --hostfile $COBALT_NODEFILE \
    python main_train_swinir.py --opt options/train_swinir_sr.json
