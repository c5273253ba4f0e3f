#!/bin/bash
# family: variables - Megatron-style argument arrays whose elements use constants set above them
#SBATCH -A m4612_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 04:00:00

module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
NLAYERS=24
HIDDEN=2048
SEQ=2048
GPT_ARGS=(
    --num-layers $NLAYERS
    --hidden-size ${HIDDEN}
    --seq-length $SEQ
    --max-position-embeddings $SEQ
    --micro-batch-size 4
)
DATA_ARGS=(--data-path data/pile_text_document --split 949,50,1)
srun python pretrain_gpt.py "${GPT_ARGS[@]}" "${DATA_ARGS[@]}" --bf16
