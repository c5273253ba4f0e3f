#!/bin/bash
# cluster: delta
# expect: hostfile-slots error printf '%s slots=%d\n' "$node" 8
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH --time=01:00:00
> hostfile
for node in $(scontrol show hostnames "$SLURM_JOB_NODELIST"); do
  printf '%s slots=%d\n' "$node" 8 >> hostfile
done
deepspeed --hostfile hostfile pretrain.py --deepspeed ds.json
