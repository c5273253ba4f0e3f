#!/bin/bash
# family: the environment broadcast to node-local NVMe (sbcast, srun tar) before the training step
#SBATCH -A CSC999
#SBATCH -J sbcast-env
#SBATCH -N 2
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH -C nvme
module load PrgEnv-gnu/8.5.0 rocm/6.1.3 craype-accel-amd-gfx90a
sbcast -pf ${MEMBERWORK}/csc999/torch_env.tar.gz /mnt/bb/${USER}/torch_env.tar.gz
srun -N ${SLURM_NNODES} --ntasks-per-node 1 mkdir /mnt/bb/${USER}/torch_env
srun -N ${SLURM_NNODES} --ntasks-per-node 1 tar -xzf /mnt/bb/${USER}/torch_env.tar.gz -C /mnt/bb/${USER}/torch_env
source /mnt/bb/${USER}/torch_env/bin/activate
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -u train.py --backend nccl --epochs 2
