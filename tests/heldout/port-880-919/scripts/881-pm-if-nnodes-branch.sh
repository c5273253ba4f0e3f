#!/bin/bash
#SBATCH --account=m3792
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=04:00:00
#SBATCH --job-name=unet3d
#SBATCH --output=%x-%j.out
#
# No --nodes line on purpose: the size is picked when submitting,
#   sbatch --nodes=<N> train_unet3d.sbatch
# With a single node the job skips srun and the rendezvous.

module load pytorch/2.3.1
export HDF5_USE_FILE_LOCKING=FALSE
DATA=$PSCRATCH/brats2021/h5

if [[ $SLURM_NNODES -gt 1 ]]; then
    export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
    srun --ntasks-per-node=1 torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 \
        --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 --rdzv_id=$SLURM_JOB_ID \
        train_unet3d.py --data $DATA --patch 128 --amp
else
    torchrun --nnodes=1 --nproc_per_node=4 train_unet3d.py --data $DATA --patch 128 --amp
fi
