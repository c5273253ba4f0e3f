#!/bin/bash
#BSUB -P BIP198
#BSUB -W 2:00
#BSUB -nnodes 4
#BSUB -alloc_flags "gpumps smt4"
#BSUB -J deepcam
#BSUB -o deepcam.%J.out
#BSUB -q batch

module load open-ce/1.10.0-py39-0
conda activate /gpfs/alpine/bip198/proj-shared/envs/deepcam
export OMP_NUM_THREADS=7

nnodes=$(cat ${LSB_DJOB_HOSTFILE} | sort | uniq | grep -v login | grep -v batch | wc -l)
export MASTER_ADDR=$(cat ${LSB_DJOB_HOSTFILE} | sort | uniq | grep -v login | grep -v batch | head -1)
echo "nodes=$nnodes master=$MASTER_ADDR"

jsrun -n $((nnodes*6)) -a 1 -c 7 -g 1 -r 6 --bind=proportional-packed:7 --launch_distribution=packed \
    python train_deepcam.py --wireup_method nccl-openmpi --data_dir /gpfs/alpine/bip198/world-shared/deepcam --max_epochs 30
