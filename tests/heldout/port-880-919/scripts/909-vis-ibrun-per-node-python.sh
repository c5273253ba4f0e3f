#!/bin/bash
# Vista GH200: one GPU per node, one MPI task per node
#SBATCH -J gh-resnet
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 20:00:00
#SBATCH -o gh-resnet.%j.out

module load gcc cuda
module load python3
source /scratch/10234/ktan/venvs/vista-torch/bin/activate
cd $WORK/vista/imagenet-resnet

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=12340
export OMP_NUM_THREADS=64

ibrun python3 -u train_imagenet.py --arch resnet152 --epochs 90 --batch-size 256 --amp
