#!/bin/bash
#BSUB -P BIF135
#BSUB -W 2:00
#BSUB -nnodes 4
#BSUB -q batch
#BSUB -J cosmo-unet
#BSUB -o cosmo-unet.%J.out
#BSUB -e cosmo-unet.%J.err
#BSUB -alloc_flags "gpumps smt4 nvme"

module load open-ce/1.5.2-py39-0
conda activate /gpfs/alpine/bif135/proj-shared/envs/cosmo

# the host file also lists the batch (launch) node; drop it
export MASTER_ADDR=$(cat $LSB_DJOB_HOSTFILE | sort | uniq | grep -v batch | grep -v login | head -1)
export MASTER_PORT=29500
export OMP_NUM_THREADS=7

# 24 resource sets = 4 nodes x 6 V100, one rank and one GPU each;
# train.py reads OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_LOCAL_RANK
jsrun -n 24 -r 6 -a 1 -g 1 -c 7 --bind=proportional-packed:7 \
    python train.py --config configs/unet3d.yaml --epochs 40 --amp
