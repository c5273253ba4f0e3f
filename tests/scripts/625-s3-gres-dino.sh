#!/bin/bash
#SBATCH -J dino-s3
#SBATCH -p h100
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:h100:4
#SBATCH -t 10:00:00
#SBATCH -A CCR25011
#SBATCH -o dino.o%j

source $SCRATCH/python-envs/torch-h100/bin/activate
cd $SCRATCH/dino
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

ibrun -n 2 bash -c 'python -m torch.distributed.run --nnodes 2 --nproc_per_node 4 --node_rank $PMI_RANK --master_addr $MASTER_ADDR --master_port 29500 main_dino.py --arch vit_small --data_path $SCRATCH/imagenet/train --output_dir $SCRATCH/dino_out'
