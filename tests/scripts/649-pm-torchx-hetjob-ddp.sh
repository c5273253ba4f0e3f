#!/bin/bash
#
# Launched by torchx-0.7.0 user=rsato
# Run with: sbatch --parsable /tmp/tmp8q1xw2/torchx-sbatch.sh
#SBATCH --job-name=trainer-0 --ntasks-per-node=1 --gpus-per-node=4 --cpus-per-task=64 --constraint=gpu --qos=regular --account=m4725_g --time=240 --exclusive
#SBATCH hetjob
#SBATCH --job-name=trainer-1 --ntasks-per-node=1 --gpus-per-node=4 --cpus-per-task=64 --constraint=gpu --qos=regular --account=m4725_g --time=240 --exclusive

# exit on error
set -e

export PYTHONUNBUFFERED=1
export SLURM_UNBUFFERED=1
export TORCHX_MAX_RETRIES=0

set +e
srun --output=slurm-"$SLURM_JOB_ID"-trainer-0.out --error=slurm-"$SLURM_JOB_ID"-trainer-0.err --export=ALL,'LOGLEVEL=WARNING','TORCHX_RANK0_HOST=$SLURM_JOB_NODELIST_HET_GROUP_0' torchrun --rdzv_backend c10d --rdzv_endpoint "$SLURM_JOB_NODELIST_HET_GROUP_0":29500 --rdzv_id 'mnist-ddp-qx7' --nnodes 2 --nproc_per_node 4 --tee 3 --role '' train_mnist.py --epochs 8 --lr 0.02 : --output=slurm-"$SLURM_JOB_ID"-trainer-1.out --error=slurm-"$SLURM_JOB_ID"-trainer-1.err --export=ALL,'LOGLEVEL=WARNING','TORCHX_RANK0_HOST=$SLURM_JOB_NODELIST_HET_GROUP_0' torchrun --rdzv_backend c10d --rdzv_endpoint "$SLURM_JOB_NODELIST_HET_GROUP_0":29500 --rdzv_id 'mnist-ddp-qx7' --nnodes 2 --nproc_per_node 4 --tee 3 --role '' train_mnist.py --epochs 8 --lr 0.02
exitcode=$?
set -e

echo "job exited with code $exitcode"
if [ $exitcode -ne 0 ]; then
    if [ "$TORCHX_MAX_RETRIES" -gt "${SLURM_RESTART_COUNT:-0}" ]; then
        scontrol requeue "$SLURM_JOB_ID"
    fi
    exit $exitcode
fi
