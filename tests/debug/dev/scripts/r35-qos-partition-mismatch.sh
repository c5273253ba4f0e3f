#!/bin/bash
#SBATCH --job-name=coll-device-api
#SBATCH --partition=interactive
#SBATCH --qos=vip_prio
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:8
#SBATCH --time=01:00:00

srun ./build/device_api_tests --gtest_filter='*AllReduce*'
