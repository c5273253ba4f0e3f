#!/bin/bash
# s24: a flag added only when the submitter asks for it (USE_AMP=1 sbatch ...), used unquoted under mpirun
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=8
#SBATCH -t 04:00:00
#SBATCH -A cis240500p

module load openmpi/4.0.5-gcc10.2.0 anaconda3
conda activate vit
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
AMP_FLAG=""
if [ "${USE_AMP:-0}" = 1 ]; then
    AMP_FLAG="--amp"
fi
mpirun -np 8 python train_vit.py --epochs 30 $AMP_FLAG
