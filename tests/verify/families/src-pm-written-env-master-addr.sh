#!/bin/bash
# cluster: perlmutter
# no-errors
# absent: master-addr-missing
# absent: variable-unset
# the rendezvous address and the data path are set in a file the script writes, then sources
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
cat > env.sh <<EOF
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export DATA_DIR=$PSCRATCH/imagenet
EOF
source env.sh
srun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=29500 train.py --data $DATA_DIR'
