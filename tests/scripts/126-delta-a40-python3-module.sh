#!/bin/bash
# family: NCSA Delta A40 partition, one task per GPU, the program as a module, --gpu-bind=closest
#SBATCH --account=bcde-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --gpu-bind=closest
#SBATCH --cpus-per-task=16
#SBATCH --mem=200g
#SBATCH --time=03:00:00
#SBATCH --constraint="scratch"
module load anaconda3_gpu
MASTER_ADDR=$(hostname)
export MASTER_ADDR
export MASTER_PORT=12355
srun python3 -m mypkg.train --cfg conf/a40.yaml
