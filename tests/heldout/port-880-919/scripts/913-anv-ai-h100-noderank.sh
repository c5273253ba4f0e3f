#!/bin/bash
#SBATCH --job-name=h100-bert
#SBATCH --account=cis250042-ai
#SBATCH --partition=ai
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=96
#SBATCH --gpus-per-node=4
#SBATCH --time=18:00:00
#SBATCH --output=/anvil/scratch/x-jkim/logs/%x-%j.out

module load modtree/gpu
module load conda/2025.09
conda activate /anvil/projects/x-cis250042/envs/hf

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29533

srun bash -c 'python -m torch.distributed.run --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT pretrain_bert.py --config configs/bert_base.json --max_steps 100000 --output_dir /anvil/scratch/x-jkim/bert'
