#!/bin/bash
#SBATCH -A BIF155
#SBATCH -J esm3b-pretrain
#SBATCH -p extended
#SBATCH -N 80
#SBATCH -t 12:00:00
#SBATCH --network=disable_rdzv_get
#SBATCH -C nvme
#SBATCH -o %x-%j.out

module load PrgEnv-gnu/8.7.0 cpe/26.03 miniforge3/23.11.0-0 rocm/7.1.1 craype-accel-amd-gfx90a
module load rccl-net-plugin
export LD_LIBRARY_PATH=$CRAY_LD_LIBRARY_PATH:$LD_LIBRARY_PATH
source activate /lustre/orion/bif155/proj-shared/envs/plm

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export MIOPEN_USER_DB_PATH=/mnt/bb/$USER/miopen
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
export HF_HOME=/lustre/orion/bif155/scratch/$USER/hf

NUM_RANKS=$(( SLURM_JOB_NUM_NODES * 8 ))
srun -n "$NUM_RANKS" --ntasks-per-node=8 -c 7 --gpus-per-node=8 --gpu-bind=closest \
    bash -c 'mkdir -p $MIOPEN_USER_DB_PATH; exec python3 pretrain_protein_lm.py --model esm_3b --max_steps 250000 --save_dir /lustre/orion/bif155/proj-shared/ckpt/esm3b'
