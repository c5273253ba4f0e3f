#!/bin/bash
#SBATCH -J gnn-products
#SBATCH -o gnn.o%j
#SBATCH -e gnn.e%j
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 12:00:00
#SBATCH -A CHE24033

# one GH200 per node: 8 nodes = 8 ranks
module load gcc cuda
module load python3
source $SCRATCH/venvs/pyg/bin/activate

# evaluation runs after this job succeeds
sbatch --dependency=afterok:$SLURM_JOB_ID eval_graphsage.slurm

HEAD_NODE=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
echo "head: $HEAD_NODE  nodes: $SLURM_NNODES  $(date)"
ibrun python3 -m torch.distributed.run --nnodes $SLURM_NNODES --nproc_per_node 1 \
    --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint $HEAD_NODE:29400 \
    train_graphsage.py --dataset ogbn-products --fanout 15,10,5 --epochs 20
