#!/bin/bash
#SBATCH -J pangu-vista
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 18:00:00
#SBATCH -A ATM25004
#SBATCH -o %x.%j.out

# Vista Grace Hopper: one GH200 per node, one ibrun task per node
module load gcc cuda
module load python3
source /scratch/10452/wxuser/vista-envs/torch/bin/activate

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29620
launch() {
    echo "starting $SLURM_NNODES torchrun agents at $(date)"
    ibrun bash -c 'torchrun --nnodes $SLURM_NNODES --nproc_per_node 1 --node_rank $PMI_RANK --master_addr $MASTER_ADDR --master_port $MASTER_PORT pangu_train.py --era5 /scratch/10452/wxuser/era5 --epochs 60 --patch 4'
}

launch
