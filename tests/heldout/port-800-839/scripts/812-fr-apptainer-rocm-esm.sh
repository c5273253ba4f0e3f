#!/bin/bash
#SBATCH -A BIF148
#SBATCH -J esm-ddp
#SBATCH -t 01:00:00
#SBATCH -p batch
#SBATCH -N 2
#SBATCH --network=disable_rdzv_get

# ROCm PyTorch image pulled with: apptainer pull rocm-pytorch.sif docker://rocm/pytorch:latest
SIF=/lustre/orion/bif148/proj-shared/containers/rocm-pytorch.sif
if [[ $(hostname) == login* ]]; then
    echo "submit this with sbatch; it is not meant to run on a login node" >&2
    exit 1
fi
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3450
export NCCL_SOCKET_IFNAME=hsn0
export MIOPEN_USER_DB_PATH=/tmp/my-miopen-cache
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

srun -N 2 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
  apptainer exec --workdir "$(pwd)" --bind /lustre/orion "$SIF" \
  python3 finetune_esm.py --model esm2_t33_650M --train /lustre/orion/bif148/proj-shared/uniref50 --epochs 4
