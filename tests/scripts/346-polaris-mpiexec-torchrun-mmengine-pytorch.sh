#!/bin/bash -l
# family: an OpenMMLab config trained on Polaris: one torchrun per node under mpiexec --ppn 1, c10d on
# the first host of the node file, the program told --launcher pytorch
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A MyProject

module use /soft/modulefiles
module load conda
conda activate
cd ${PBS_O_WORKDIR}
MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)

mpiexec -n 2 --ppn 1 --hostfile $PBS_NODEFILE torchrun --nnodes=2 --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29400 \
    tools/train.py configs/mask_rcnn/mask-rcnn_r50_fpn_1x_coco.py --launcher pytorch --auto-scale-lr
