#!/bin/bash
# shape: python -m torch.distributed.run under srun, one agent per node, the node rank from $SLURM_NODEID
#SBATCH -A BIO110
#SBATCH -p batch
#SBATCH -N 2
#SBATCH -t 01:30:00

module load PrgEnv-gnu rocm/6.0.0
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun -N 2 --ntasks-per-node=1 -c 56 bash -c 'python -m torch.distributed.run --nnodes 2 --nproc_per_node 8 --node_rank $SLURM_NODEID --master_addr $MASTER_ADDR --master_port 29500 pretrain.py --data /lustre/orion/bio110/proj-shared/seqs'
