#!/bin/bash
#SBATCH -A STF218
#SBATCH -J t5-xl-ds
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 8
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=7
#SBATCH -o logs/%x-%j.out

module load PrgEnv-gnu/8.6.0 rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
module load rccl-net-plugin
source activate /lustre/orion/stf218/world-shared/envs/hf-ds

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29500
export MIOPEN_USER_DB_PATH=/tmp/miopen-$SLURM_JOB_ID
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
export DS_CONFIG=/lustre/orion/stf218/proj-shared/configs/ds_config.json

# one task per GCD; the rank variables are set per task from Slurm's
srun bash -c 'export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS; \
  python run_translation.py --model_name_or_path google/t5-v1_1-xl --dataset_name wmt16 --dataset_config_name ro-en \
    --source_lang en --target_lang ro --do_train --per_device_train_batch_size 4 \
    --output_dir /lustre/orion/stf218/scratch/t5-xl --deepspeed $DS_CONFIG'
