#!/bin/bash
#SBATCH --job-name=nemo-gpt-1p3b
#SBATCH --account=bfgt-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=04:00:00

export NCCL_SOCKET_IFNAME=hsn
SIF=/projects/bfgt/containers/nemo-24.07-arm64.sif
DATA=/work/nvme/bfgt/data

# NeMo reads its ranks from Slurm: one srun task per GPU
srun apptainer exec --nv -B /projects,/work $SIF \
  python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py \
    --config-path=/opt/NeMo/examples/nlp/language_modeling/conf \
    --config-name=megatron_gpt_config \
    trainer.num_nodes=8 \
    trainer.devices=4 \
    trainer.max_steps=100000 \
    trainer.precision=bf16-mixed \
    model.micro_batch_size=8 \
    model.global_batch_size=512 \
    model.tensor_model_parallel_size=2 \
    model.pipeline_model_parallel_size=1 \
    model.num_layers=24 \
    model.hidden_size=2048 \
    model.num_attention_heads=16 \
    model.encoder_seq_length=2048 \
    "model.data.data_prefix=[1.0,${DATA}/pile_gpt2_text_document]" \
    model.tokenizer.vocab_file=${DATA}/gpt2-vocab.json \
    model.tokenizer.merge_file=${DATA}/gpt2-merges.txt \
    exp_manager.exp_dir=/work/nvme/bfgt/nemo_runs
