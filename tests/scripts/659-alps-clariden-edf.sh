#!/bin/bash
#SBATCH --job-name=apertus-sft
#SBATCH --account=a-a145
#SBATCH --partition=normal
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --time=12:00:00
#SBATCH --environment=ngc-pytorch-2502
#SBATCH --output=/capstor/scratch/cscs/%u/logs/%x-%j.out

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
export MASTER_PORT=25678
export FI_CXI_DISABLE_HOST_REGISTER=1
export FI_MR_CACHE_MONITOR=userfaultfd
export NCCL_CROSS_NIC=1

# the EDF named by --environment (~/.edf/ngc-pytorch-2502.toml) runs every srun step in the container
srun -ul bash -c "
    export RANK=\$SLURM_PROCID LOCAL_RANK=\$SLURM_LOCALID WORLD_SIZE=\$SLURM_NTASKS
    python -u sft_train.py --model swiss-ai/Apertus-8B --data /capstor/store/cscs/swissai/a145/sft_mix --seq-len 4096 --grad-ckpt
"
