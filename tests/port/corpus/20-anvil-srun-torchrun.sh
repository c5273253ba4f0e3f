#!/bin/bash
#SBATCH --job-name=wav2vec2
#SBATCH --account=cis230145-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=1-12:00:00
#SBATCH --output=%x-%j.log

module purge
module load modtree/gpu
module load conda/2025.09
conda activate /anvil/projects/x-cis230145/envs/speech

cd /anvil/scratch/x-jdoe/wav2vec2

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export HF_DATASETS_CACHE=/anvil/scratch/x-jdoe/hf_datasets

srun bash -c 'torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=$SLURM_NODEID \
    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
    run_speech_recognition_ctc.py \
    --model_name_or_path facebook/wav2vec2-large-xlsr-53 \
    --dataset_name mozilla-foundation/common_voice_11_0 \
    --dataset_config_name tr \
    --num_train_epochs 30 \
    --output_dir ./wav2vec2-xlsr-tr \
    --fp16'
