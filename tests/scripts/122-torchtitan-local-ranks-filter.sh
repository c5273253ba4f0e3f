#!/bin/bash
# family: torchtitan under Slurm: --local-ranks-filter and --role take values before the module
#SBATCH --job-name=titan
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=04:00:00
head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
export LOGLEVEL=INFO
srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_id 101 --rdzv_backend c10d --rdzv_endpoint "$head_ip:29500" --local-ranks-filter 0 --role rank --tee 3 -m torchtitan.train --job.config_file ./configs/llama3_8b.toml
