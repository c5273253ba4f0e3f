#!/bin/bash
# family: Accelerate's DeepSpeed plugin chosen by flags alone (no DeepSpeed config file): ZeRO-3 with
# optimizer offload and bf16, two nodes, once per node
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=06:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c 'accelerate launch --num_machines 2 --num_processes 8 --machine_rank $SLURM_NODEID --main_process_ip $MASTER_ADDR --main_process_port 29501 --use_deepspeed --zero_stage 3 --offload_optimizer_device cpu --mixed_precision bf16 --deepspeed_multinode_launcher standard finetune.py --model llama-8b'
