#!/bin/bash
# cluster: anvil
# family: accelerate launch under srun, one launcher per node, total processes over all nodes
# modelled on https://www.rcac.purdue.edu/knowledge/anvil/run/examples/slurm/gpu and
# https://huggingface.co/docs/accelerate/basic_tutorials/launch
#SBATCH -A cis230000-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 10:00:00
module load modtree/gpu
module load learning/conda-2024.02-py3.11-gpu
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "accelerate launch --num_machines 2 --num_processes 8 --machine_rank \$SLURM_NODEID --main_process_ip $head --main_process_port 29500 train_lm.py --bf16"
