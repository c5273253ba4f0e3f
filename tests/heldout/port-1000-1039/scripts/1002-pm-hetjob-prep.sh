#!/bin/bash
#SBATCH --job-name=prep+train
#SBATCH --time=04:00:00
#SBATCH --qos=regular
#SBATCH --constraint=cpu
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=256
#SBATCH hetjob
#SBATCH --qos=regular
#SBATCH --constraint=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32

# component 0 = one CPU node that keeps tokenizing shards,
# component 1 = two GPU nodes that train on them as they appear
module load pytorch/2.6.0

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST_HET_GROUP_1 | head -n 1)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn

srun --het-group=0 python prepare_shards.py --in $SCRATCH/raw --out $SCRATCH/shards --workers 128 &

srun --het-group=1 --cpu-bind=cores bash -c '
  export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS
  python train.py --shards $SCRATCH/shards --watch --steps 40000'

wait
