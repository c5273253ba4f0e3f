#!/bin/bash
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH -t 08:00:00
#SBATCH -J hvd-resnet
#SBATCH -A cis240118p

set -x
cd /ocean/projects/cis240118p/$USER/hvd-resnet
module load openmpi/4.0.5-gcc10.2.0

# host list in horovod's host:slots form, 8 V100 per node
HOSTS=$(scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/:8/' | paste -sd, -)
echo "hosts: $HOSTS"
SIF=/ocean/containers/ngc/pytorch/pytorch_latest.sif

mpirun -np 16 -H $HOSTS -bind-to none -map-by slot \
    -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH -x PATH -mca pml ob1 -mca btl ^openib \
    singularity exec --nv $SIF python3 hvd_resnet50.py --epochs 90 --batch-size 64 --train-dir /ocean/datasets/community/imagenet/train
