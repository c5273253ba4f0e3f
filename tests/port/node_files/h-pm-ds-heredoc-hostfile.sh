#!/bin/bash
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
NODES=($(scontrol show hostnames "$SLURM_JOB_NODELIST"))
cat > ds_hosts <<EOF
${NODES[0]} slots=4
${NODES[1]} slots=4
EOF
deepspeed --hostfile ds_hosts --master_addr "${NODES[0]}" train.py --deepspeed --deepspeed_config ds.json
