#!/bin/bash
# family: not DDP + variables - Megatron-LM's recipe shape: DISTRIBUTED_ARGS and sizes in variables
# (https://github.com/NVIDIA/Megatron-LM examples), on Frontier
#SBATCH -A CSC600
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH -p batch
#SBATCH -t 06:00:00
GPUS_PER_NODE=8
TP_SIZE=4
PP_SIZE=2
MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
DISTRIBUTED_ARGS="--nproc_per_node $GPUS_PER_NODE --nnodes $SLURM_NNODES --node_rank $SLURM_NODEID --master_addr $MASTER_ADDR --master_port 6000"
GPT_ARGS="--tensor-model-parallel-size $TP_SIZE --pipeline-model-parallel-size $PP_SIZE --num-layers 40"
srun torchrun $DISTRIBUTED_ARGS pretrain_gpt.py $GPT_ARGS --bf16
