#!/bin/bash
#SBATCH -J b2-acc
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=40
#SBATCH -t 08:00:00
#SBATCH -A cis240088p

module load AI/pytorch_23.02-1.13.1-py3
source $PROJECT/venvs/hf/bin/activate
NODES=( $(scontrol show hostnames $SLURM_JOB_NODELIST) )
export MAIN_NODE=${NODES[0]}

srun bash -c "accelerate launch --num_machines 2 --num_processes 16 \
  --machine_rank \$SLURM_NODEID --main_process_ip $HEAD_NODE_IP --main_process_port 29500 \
  translate_train.py --src de --tgt en --fp16"
