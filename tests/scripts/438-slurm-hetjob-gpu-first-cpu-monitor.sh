#!/bin/bash
# family: a heterogeneous Slurm job whose first component holds the GPUs (the trainer) and whose second
# is one CPU node for an evaluation service; --het-group picks each component's srun, and the trainer's
# node list comes from SLURM_JOB_NODELIST_HET_GROUP_0
#SBATCH --job-name=het-gpu-first
#SBATCH --account=proj123
#SBATCH --time=04:00:00
#SBATCH --nodes=4 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-task=8
#SBATCH hetjob
#SBATCH --nodes=1 --ntasks=1 --cpus-per-task=64
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST_HET_GROUP_0" | head -n 1)
export MASTER_PORT=29500
srun --het-group=1 python eval_service.py --listen 0.0.0.0:7000 &
srun --het-group=0 python train.py --eval-host "$SLURM_JOB_NODELIST_HET_GROUP_1" --steps 20000
wait
