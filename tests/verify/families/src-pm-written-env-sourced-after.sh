#!/bin/bash
# cluster: perlmutter
# expect: master-addr-missing error --master_addr=$MASTER_ADDR
# the file that sets the address is sourced only after the launch
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
cat > env.sh <<EOF
export MASTER_ADDR=$(hostname)
EOF
srun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=29500 train.py'
source env.sh
