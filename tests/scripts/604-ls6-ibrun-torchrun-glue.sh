#!/bin/bash
#SBATCH -J bert-mrpc
#SBATCH -o bert.o%j
#SBATCH -e bert.e%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 06:00:00
#SBATCH -A ASC24011
#SBATCH --mail-type=end

module load python3/3.9.7
source $SCRATCH/python-envs/hf/bin/activate
cd $WORK/bert-glue

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1)
export MASTER_PORT=29500
nvidia-smi

# one ibrun task per node; each task starts torchrun on that node's 3 A100s
ibrun -n 2 bash -c 'torchrun --nnodes=2 --nproc_per_node=3 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT finetune_glue.py --task mrpc --model bert-large-uncased --epochs 3'
