#!/bin/bash
#SBATCH -A GEO130
#SBATCH -J unet-seis
#SBATCH -N 2
#SBATCH -t 01:30:00
#SBATCH -p batch
#SBATCH -o %x.%j.out

# ported from our Summit script; modules updated for Frontier
module load PrgEnv-gnu rocm/6.2.4 miniforge3/23.11.0-0
source activate /ccs/proj/geo130/envs/seis-rocm
export OMP_NUM_THREADS=7
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=29500

jsrun -n 16 -a 1 -c 7 -g 1 -r 8 python train_unet_seis.py --vol /lustre/orion/geo130/proj-shared/f3 --crop 256 --epochs 60
