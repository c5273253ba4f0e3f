#!/bin/bash
#SBATCH -J mae-vista
#SBATCH -p gh
#SBATCH -N 16
#SBATCH -n 16
#SBATCH -t 12:00:00
#SBATCH -A TG-MCB240087
#SBATCH -o mae.%j.log

module load gcc/14.2.0 cuda/12.6 python3/3.11.8
source $SCRATCH/venvs/mae-gh/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500

# one GH200 per node: one torchrun agent per node with a single worker
mpirun -np 16 --map-by ppr:1:node torchrun --nnodes=16 --nproc_per_node=1 \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \
    main_pretrain.py --model mae_vit_huge_patch14 --batch_size 128 --mask_ratio 0.75 --epochs 400
