#!/bin/bash -x
#SBATCH --account=exalab
#SBATCH --partition=booster
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=12
#SBATCH --gres=gpu:4
#SBATCH --time=00:50:00
#SBATCH --output=gpt-%j.out

ml Stages/2025 GCC OpenMPI PyTorch
source $PROJECT/venvs/gpt/bin/activate

export CUDA_VISIBLE_DEVICES=0,1,2,3
# the "i" suffix selects the InfiniBand address of the node
export MASTER_ADDR="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)i"
export MASTER_PORT=29500
export NCCL_IB_TIMEOUT=50
export UCX_RC_TIMEOUT=4s
export SRUN_CPUS_PER_TASK=$SLURM_CPUS_PER_TASK

srun --cpu-bind=none bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS \
    python -u train_gpt.py --model-size 760m --seq-len 2048 --tokens 30B --data $SCRATCH/owt'
