#!/bin/bash
# family: wrappers + launcher details - a site helper (accel_launch.sh, next to this script) runs
# accelerate launch with the arguments it is given (the shape of CSC's accelerate.sh,
# https://github.com/CSCfi/pytorch-ddp-examples)
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A xyzw-delta-gpu
#SBATCH --time=00:30:00
MASTER_IP=$(hostname -i)
srun ./accel_launch.sh --multi_gpu --num_processes=8 --num_machines=2 \
    --main_process_ip=$MASTER_IP --main_process_port=29400 mnist_accelerate.py --epochs=10
