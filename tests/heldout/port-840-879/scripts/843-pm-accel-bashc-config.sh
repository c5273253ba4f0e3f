#!/bin/bash
#SBATCH --account=m4431
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=08:00:00
#SBATCH --job-name=llama-sft

module load pytorch/2.3.1
source $PSCRATCH/venvs/hf/bin/activate     # accelerate + transformers + peft on top of the module

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
export HF_HOME=$PSCRATCH/hf-cache

# accel_multinode.yaml lives next to this script (made with `accelerate config`).
# Single quotes: SLURM_PROCID must be expanded by each task, not by the batch shell.
srun bash -c 'accelerate launch \
    --config_file $SLURM_SUBMIT_DIR/accel_multinode.yaml \
    --num_machines $SLURM_NNODES \
    --num_processes 8 \
    --machine_rank $SLURM_PROCID \
    --main_process_ip $MASTER_ADDR \
    --main_process_port $MASTER_PORT \
    finetune.py \
    --model_name_or_path meta-llama/Llama-3.1-8B \
    --dataset_name tatsu-lab/alpaca \
    --output_dir $PSCRATCH/sft-out'
