#!/bin/bash
#SBATCH -J graphcast-ft
#SBATCH -p gpu-h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 10:00:00
#SBATCH -A TG-ATM250017
#SBATCH -o gc.o%j

module load python
source /work2/10831/tnguyen/stampede3/venvs/gc/bin/activate
cd /work2/10831/tnguyen/stampede3/graphcast

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
ibrun -n 2 bash -c 'python3 -m torch.distributed.run --nnodes=2 --nproc_per_node=4 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=29613 finetune_graphcast.py --res 1.0 --steps 50000'
