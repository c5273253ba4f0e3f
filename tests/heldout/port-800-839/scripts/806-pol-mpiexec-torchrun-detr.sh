#!/bin/bash
#PBS -A CompVision
#PBS -q debug
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -N detr-smoke

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles; module load conda; conda activate base

MASTER=$(head -n 1 $PBS_NODEFILE)
NNODES=$(sort -u $PBS_NODEFILE | wc -l)

# one torchrun agent per node, four workers each
mpiexec -n ${NNODES} --ppn 1 --cpu-bind none \
  torchrun --nnodes=${NNODES} --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=${MASTER}:29400 --rdzv_id=${PBS_JOBID} \
    train_detr.py --coco-path /eagle/CompVision/coco2017 --batch-size 4 --epochs 1
