#!/bin/bash
# cluster: frontier
# family: Frontier core specialization off (-S 0 gives the job all 64 cores), the user's conda env, one task per GCD
# modelled on https://docs.olcf.ornl.gov/systems/frontier_user_guide.html
#SBATCH -A ABC123
#SBATCH -J ddp
#SBATCH -o %x-%j.out
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH -N 2
#SBATCH -S 0
module load PrgEnv-gnu/8.5.0 rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
source activate /ccs/proj/abc123/envs/torch
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -W ignore -u ./ddp_test.py --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT
