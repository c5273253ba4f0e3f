#!/bin/bash
# family: fed heredocs - the launch is in a heredoc fed to the bash that srun starts on each node (srun bash
# <<EOF, unquoted: $MASTER_ADDR is the batch shell's, \$SLURM_NODEID each task's); read as if inline
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun bash <<EOF
torchrun --nnodes=2 --nproc_per_node=4 --node_rank=\$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=29500 train.py --epochs 5 --lr 3e-4
EOF
