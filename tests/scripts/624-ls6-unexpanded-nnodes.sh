#!/bin/bash
#SBATCH -J yolo-det
#SBATCH -p gpu-a100
#SBATCH -N $NNODES
#SBATCH --ntasks-per-node=1
#SBATCH -t 10:00:00
#SBATCH -o yolo.o%j
#SBATCH -A CDA24007
# usage: NNODES=4 sbatch yolo_ls6.slurm

module load python3/3.9.7
source $SCRATCH/python-envs/yolo/bin/activate
cd $WORK/yolo
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1)

ibrun -n $NNODES bash -c 'torchrun --nnodes=$SLURM_NNODES --nproc_per_node=3 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=29500 train_det.py --data coco.yaml --img 640 --epochs 300'
