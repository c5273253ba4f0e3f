#!/bin/bash
#SBATCH --job-name=clm-acc
#SBATCH --account=bfjk-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=03:00:00

module reset
module load pytorch-conda/2.8
source $HOME/venvs/hf/bin/activate

export MAIN_IP=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export NCCL_SOCKET_IFNAME=hsn

# one accelerate launcher per node; the node rank is expanded by each task, not by the batch shell
srun bash -c "accelerate launch \
    --num_machines 2 --num_processes 8 \
    --machine_rank \$SLURM_NODEID \
    --main_process_ip $MAIN_IP --main_process_port 29500 \
    --mixed_precision fp16 \
    run_clm.py --model_name_or_path gpt2-medium --dataset_name wikitext \
    --dataset_config_name wikitext-103-raw-v1 --per_device_train_batch_size 8 --output_dir out/clm"
