#!/bin/bash
#SBATCH --job-name=llama1b
#SBATCH --account=project_465001234
#SBATCH --partition=standard-g
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=7
#SBATCH --mem=480G
#SBATCH --time=12:00:00
#SBATCH --exclusive

module purge
module load LUMI/24.03 partition/G
module use /appl/local/containers/ai-modules
module load singularity-AI-bindings
SIF=/appl/local/containers/sif-images/lumi-pytorch-rocm-6.2.4-python-3.12-pytorch-v2.6.0.sif

# one core set per GCD, following the node's CCD-to-GCD mapping
c=fe
MYMASKS="0x${c}000000000000,0x${c}00000000000000,0x${c}0000,0x${c}000000,0x${c},0x${c}00,0x${c}00000000,0x${c}0000000000"

export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export NCCL_NET_GDR_LEVEL=PHB
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export WORLD_SIZE=$SLURM_NTASKS

srun --cpu-bind=mask_cpu:$MYMASKS singularity exec $SIF bash -c '
  export MIOPEN_USER_DB_PATH=/tmp/$(whoami)-miopen-cache-$SLURM_NODEID
  export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
  export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID
  python train_llama.py --config configs/llama_1b.yaml --compile'
