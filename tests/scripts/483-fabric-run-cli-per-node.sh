#!/bin/bash
# family: Lightning Fabric's own launcher (fabric run) started once per node under srun, the node rank
# and main address from Slurm
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=48
#SBATCH --time=12:00:00
MAIN=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "fabric run --node-rank=\$SLURM_NODEID --main-address=$MAIN --accelerator=cuda --devices=4 --num-nodes=2 pretrain/tiny_llama.py --train_data_dir data/slim"
