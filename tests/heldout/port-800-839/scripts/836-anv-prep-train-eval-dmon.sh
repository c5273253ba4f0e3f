#!/bin/bash
#SBATCH --job-name=cryo-pipeline
#SBATCH --account=mcb250012-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=02:00:00
#SBATCH --output=/anvil/scratch/x-cryouser/logs/%x-%j.out

module load modtree/gpu conda/2025.09
conda activate cryo

RUN=/anvil/scratch/x-cryouser/run-$SLURM_JOB_ID
mkdir -p "$RUN"

# GPU utilisation log of the batch node, in the background for the whole job
nvidia-smi dmon -s um -d 30 > "$RUN/gpu-dmon.log" &
DMON_PID=$!

# 1) particle extraction (one task)
srun --nodes=1 --ntasks=1 python preprocess.py --raw /anvil/projects/x-mcb250012/empiar-10028 --out "$RUN/particles"

# 2) training on all three nodes
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes 3 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint "$head:29500" --rdzv_id "$SLURM_JOB_ID" \
  train_cryo.py --particles "$RUN/particles" --epochs 25 --out "$RUN/model"

# 3) resolution estimate (one task)
srun --nodes=1 --ntasks=1 python evaluate.py --model "$RUN/model" --out "$RUN/fsc.json"

kill "$DMON_PID"
wait
