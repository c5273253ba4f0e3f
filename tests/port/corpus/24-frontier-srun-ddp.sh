#!/bin/bash
#SBATCH -A CSC588
#SBATCH -J swin-frontier
#SBATCH -o %x-%j.out
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 4
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.5.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /lustre/orion/csc588/proj-shared/envs/torch-rocm

# the batch script runs on the first node of the allocation
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
export FI_CXI_RDZV_PROTO=alt_read
export OMP_NUM_THREADS=7

# one task per GCD (8 per node); each task sees its GCD as device 0
srun -N 4 -n 32 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    bash -c 'export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS; python -u train_swin.py --cfg configs/swin_base.yaml --batch-size 64 --output /lustre/orion/csc588/scratch/jdoe/swin'
