#!/bin/bash
# cluster: frontier
# family: Frontier srun with sbcast of a conda environment to node-local NVMe
# modelled on https://docs.olcf.ornl.gov/software/python/sbcast_conda.html
#SBATCH -A ABC123
#SBATCH -J sbcast_env
#SBATCH -t 00:20:00
#SBATCH -p batch
#SBATCH -N 8
#SBATCH -C nvme
module load miniforge3/23.11.0-0
sbcast -pf torch_env.tar.gz /mnt/bb/${USER}/torch_env.tar.gz
srun -N8 --ntasks-per-node 1 mkdir /mnt/bb/${USER}/torch_env
srun -N8 --ntasks-per-node 1 tar -xf /mnt/bb/${USER}/torch_env.tar.gz -C /mnt/bb/${USER}/torch_env
source activate /mnt/bb/${USER}/torch_env
srun --unbuffered -l -N 8 -n 64 -c7 --ntasks-per-node=8 --gpus-per-node=8 --gpus-per-task=1 --gpu-bind=closest python3 example.py
