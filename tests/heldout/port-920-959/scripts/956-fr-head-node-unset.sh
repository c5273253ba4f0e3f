#!/bin/bash
#SBATCH -A ATM128
#SBATCH -J fourcast-fr
#SBATCH -p batch
#SBATCH -N 8
#SBATCH -t 02:00:00
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0 rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
source activate /lustre/orion/atm128/proj-shared/envs/fcn

head=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_ADDR=$head_node
export MASTER_PORT=29500

srun -N 8 -n 64 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python train_afno.py --yaml_config config/AFNO.yaml --config afno_backbone --run_num 3
