#!/bin/bash -l
#COBALT -n 2
#COBALT -t 60
#COBALT -q full-node
#COBALT -A DLIO
#COBALT --attrs filesystems=home,grand
#COBALT -O logs/mae_thetagpu

# ThetaGPU: DGX A100 nodes, 8 GPUs each
module load conda/2022-07-01
conda activate

NODES=$(cat $COBALT_NODEFILE | wc -l)
PPN=8
RANKS=$((NODES * PPN))
echo "nodes=$NODES ranks=$RANKS $(date)"

mpirun -np $RANKS -npernode $PPN --hostfile $COBALT_NODEFILE -x PATH -x LD_LIBRARY_PATH -x http_proxy -x https_proxy \
    python pretrain_mae.py --model mae_vit_base --epochs 100 --data /grand/DLIO/imagenet
