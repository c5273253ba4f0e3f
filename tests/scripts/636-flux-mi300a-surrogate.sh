#!/bin/bash
#flux: -N 2
#flux: -n 8
#flux: -g 1
#flux: -t 60m
#flux: -q pbatch
#flux: --job-name=mi300a-ddp
#flux: --output=ddp-{{id}}.out

# 4 MI300A APUs per node, one rank per APU
module load rocm/6.3.1
source /p/lustre5/$USER/venvs/torch-rocm/bin/activate
export MASTER_ADDR=$(flux hostlist -n 0 instance)
export MASTER_PORT=29500
export HSA_XNACK=1
export MPICH_GPU_SUPPORT_ENABLED=1
flux resource list

flux run -N 2 -n 8 -g 1 --exclusive python train_surrogate.py --epochs 10 --batch 128 --data /p/lustre5/$USER/cfd_snapshots
