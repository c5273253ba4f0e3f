#!/bin/bash
# cluster: deltaai
# absent: master-addr-missing
# the per-task shell sources the file the batch shell wrote (export of the head node's name in it)
#SBATCH --account=bcmd-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
cat > ./env.sh <<EOF
export HEAD_IP=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
EOF
. ./env.sh
srun bash -c '. ./env.sh; torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$HEAD_IP --master_port=29500 train.py'
