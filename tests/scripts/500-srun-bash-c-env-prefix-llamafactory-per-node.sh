#!/bin/bash
# family: the console command inside srun bash -c, once per node, with its own variables written as
# assignments in front of it (LLaMA-Factory reads NNODES/NODE_RANK/MASTER_ADDR and starts torchrun)
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 10:00:00
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "FORCE_TORCHRUN=1 NNODES=2 NODE_RANK=\$SLURM_NODEID MASTER_ADDR=$HEAD MASTER_PORT=29500 llamafactory-cli train cfg/qwen_sft.yaml"
