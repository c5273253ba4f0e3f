#!/bin/bash
# cluster: frontier
# family: Frontier srun - one task per GCD, ranks from Slurm, MASTER_ADDR from hostname -i
# modelled on https://docs.olcf.ornl.gov/software/python/pytorch_frontier.html
#SBATCH -A ABC123
#SBATCH -J ddp_test
#SBATCH -o logs/ddp_test-%j.o
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH -N 2
module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /path/to/my_env
export MASTER_ADDR=$(hostname -i)
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
rm -rf ${MIOPEN_USER_DB_PATH}
mkdir -p ${MIOPEN_USER_DB_PATH}
srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -W ignore -u ./multinode.py 2000 10 --master_addr=$MASTER_ADDR --master_port=3442
