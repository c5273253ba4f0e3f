#!/bin/bash
# family: wrappers - numactl binding before python (pattern from centre affinity guides)
#SBATCH -J numa-ddp
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
#SBATCH --constraint=gpu
#SBATCH --qos=debug
#SBATCH --account=m1111
srun numactl --cpunodebind=0 --membind=0 python main.py --data /pscratch/sd/u/user/imagenet
