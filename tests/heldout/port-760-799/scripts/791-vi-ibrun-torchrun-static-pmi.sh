#!/bin/bash
#SBATCH -J gpt2-gh
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 20:00:00
#SBATCH -A ASC25009
#SBATCH -o gpt2.o%j

module load gcc cuda
module load python3
source $SCRATCH/venvs/nanogpt/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=12355

# one GH200 per node: one task per node, node rank from the MPI rank
ibrun bash -c 'torchrun --nnodes 8 --nproc_per_node 1 --node_rank $PMI_RANK \
    --master_addr $MASTER_ADDR --master_port $MASTER_PORT \
    train_gpt2.py --n_layer 24 --batch_size 16 --compile'
