#!/bin/bash
#SBATCH -A m3863_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 06:00:00
#SBATCH -J pinn-lr-pair
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin

# two independent 2-node runs side by side in one allocation
export FI_MR_CACHE_MONITOR=userfaultfd
NODES=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))

srun -N 2 --ntasks-per-node=4 -w ${NODES[0]},${NODES[1]} \
    --export=ALL,MASTER_ADDR=${NODES[0]},MASTER_PORT=29500 \
    shifter python train_pinn.py --lr 1e-3 --out runs/lr1e-3 &
srun -N 2 --ntasks-per-node=4 -w ${NODES[2]},${NODES[3]} \
    --export=ALL,MASTER_ADDR=${NODES[2]},MASTER_PORT=29501 \
    shifter python train_pinn.py --lr 3e-4 --out runs/lr3e-4 &
wait
echo "both runs done"
