#!/bin/bash
# family: the node list read with mapfile, the first element the rendezvous host
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00

mapfile -t NODES < <(scontrol show hostnames "$SLURM_JOB_NODELIST")
HEAD_NODE=${NODES[0]}
srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d \
    --rdzv_endpoint "$HEAD_NODE:29500" main.py --config cfg/base.yaml
