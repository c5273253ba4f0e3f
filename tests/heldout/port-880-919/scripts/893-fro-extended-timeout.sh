#!/bin/bash
#SBATCH -A BIP255
#SBATCH -J climate-emu
#SBATCH -p extended
#SBATCH -N 16
#SBATCH -t 12:00:00
#SBATCH -C nvme
#SBATCH --network=disable_rdzv_get
#SBATCH -o logs/%x-%j.o

module load PrgEnv-gnu rocm/6.3.1 rccl-net-plugin
source /lustre/orion/bip255/proj-shared/miniforge3/bin/activate torch27

export MIOPEN_USER_DB_PATH=/tmp/miopen-$USER-$SLURM_JOB_ID
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29811
export OMP_NUM_THREADS=7

# stop the trainer after 11 h so the last checkpoint is written before the 12 h limit
srun --ntasks-per-node=8 --gpus-per-task=1 --gpu-bind=closest -c 7 \
    timeout 11h python -u train_emulator.py --config configs/era5_1deg.yaml --ckpt-dir ckpts/ --resume auto
rc=$?
if [ $rc -eq 124 ]; then
    echo "hit the 11h guard, queueing the next segment"
    sbatch --dependency=afterany:$SLURM_JOB_ID $0
fi
