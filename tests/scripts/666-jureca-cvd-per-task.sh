#!/bin/bash -x
#SBATCH --account=jinm60
#SBATCH --partition=dc-gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --gres=gpu:4
#SBATCH --time=06:00:00
#SBATCH --output=unet-%j.out

module load Stages/2025 GCC ParaStationMPI PyTorch torchvision
source ./envs/jrdc/bin/activate

export MASTER_ADDR="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)i"
export MASTER_PORT=29533
export SRUN_CPUS_PER_TASK=$SLURM_CPUS_PER_TASK

# one task per GPU; each task sees only its own device, so LOCAL_RANK is 0 everywhere
srun --cpu-bind=v bash -c 'CUDA_VISIBLE_DEVICES=$SLURM_LOCALID RANK=$SLURM_PROCID LOCAL_RANK=0 WORLD_SIZE=$SLURM_NTASKS \
    python -u train_unet3d.py --data /p/scratch/jinm60/brats2023 --patch 160 --epochs 300'
