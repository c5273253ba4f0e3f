#!/bin/bash -l
#SBATCH --job-name=vit-h-fsdp
#SBATCH --account=m3957_g
#SBATCH --constraint="gpu&hbm80g"
#SBATCH --qos=regular
#SBATCH --gpus=16
#SBATCH --ntasks-per-gpu=1
#SBATCH --cpus-per-task=32
#SBATCH --time=12:00:00
#SBATCH --export=NONE
#SBATCH --output=%x-%j.log

# --export=NONE: the job starts from a clean environment and the login shell (-l) rebuilds it.
# Job steps would inherit SLURM_EXPORT_ENV=NONE and lose the modules loaded below, so drop it.
unset SLURM_EXPORT_ENV

module load pytorch/2.6.0
source $SCRATCH/venvs/vit-fsdp/bin/activate

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=$(( 20000 + SLURM_JOB_ID % 10000 ))
export OMP_NUM_THREADS=8
export FI_MR_CACHE_MONITOR=userfaultfd

echo "job $SLURM_JOB_ID: $SLURM_NTASKS ranks on $SLURM_JOB_NUM_NODES nodes ($SLURM_JOB_NODELIST)"

exec srun --cpu-bind=cores python pretrain_vit.py --model vit_huge_patch14 --dist-mode fsdp --global-batch 4096 --data /pscratch/sd/v/vitpt/imagenet21k
