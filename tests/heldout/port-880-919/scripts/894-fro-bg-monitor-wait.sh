#!/bin/bash
#SBATCH -A GEN150
#SBATCH -J mace-water
#SBATCH -N 2
#SBATCH -t 01:30:00
#SBATCH -p batch
#SBATCH --network=disable_rdzv_get
#SBATCH -o mace-%j.out

module load PrgEnv-gnu rocm/6.2.4 rccl-net-plugin
source /ccs/proj/gen150/envs/mace/bin/activate

export MIOPEN_USER_DB_PATH=/tmp/miopen-${SLURM_JOB_ID}
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -1)
export MASTER_PORT=29500

# sample GPU use on the head node once a minute while the training runs
( while true; do rocm-smi --showuse --showmemuse --csv >> gpu-usage-${SLURM_JOB_ID}.csv; sleep 60; done ) &
MON_PID=$!

srun -N 2 --ntasks-per-node=8 --gpus-per-task=1 --gpu-bind=closest -c 7 \
    python train_mace.py --config mace_water.yaml --max_num_epochs 200 --distributed &
TRAIN_PID=$!

wait $TRAIN_PID
status=$?
kill $MON_PID 2>/dev/null
exit $status
