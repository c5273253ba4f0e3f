#!/bin/bash
#SBATCH -J mae-pretrain
#SBATCH -o mae.%j.out
#SBATCH -p h100
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 12:00:00

module load python
source $SCRATCH/python-envs/torch-cu124/bin/activate

export MAIN=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export OMP_NUM_THREADS=8

# Intel MPI (the default stack): one rank per node, node rank from PMI_RANK
mpirun -np $SLURM_NNODES -ppn 1 bash -c 'torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 \
    --node_rank=$PMI_RANK --master_addr=$MAIN --master_port=29500 \
    main_pretrain.py --model mae_vit_large_patch16 --batch_size 64 --epochs 800 --data_path $SCRATCH/imagenet'
