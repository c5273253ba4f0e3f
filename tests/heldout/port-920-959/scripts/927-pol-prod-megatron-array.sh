#!/bin/bash -l
#PBS -N gpt-2p7b
#PBS -A NLDesign
#PBS -q prod
#PBS -l select=12:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:30:00
#PBS -l filesystems=home:eagle

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base
source /eagle/NLDesign/venvs/megatron/bin/activate

MEGATRON=/eagle/NLDesign/src/Megatron-LM
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=6000
export CUDA_DEVICE_MAX_CONNECTIONS=1

GPT_ARGS=(
    --num-layers 32 --hidden-size 2560 --num-attention-heads 32
    --seq-length 2048 --max-position-embeddings 2048
    # parallel layout: TP inside a node, PP across 2 nodes
    --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2
    --micro-batch-size 2 --global-batch-size 384
    --lr 1.6e-4 --train-iters 40000 --bf16
)
DATA_ARGS=(
    --data-path /eagle/NLDesign/data/pile_text_document
    --vocab-file gpt2-vocab.json --merge-file gpt2-merges.txt
)

mpiexec -n 48 --ppn 4 --depth 16 --cpu-bind depth \
    python $MEGATRON/pretrain_gpt.py "${GPT_ARGS[@]}" "${DATA_ARGS[@]}" --save /eagle/NLDesign/ckpt/gpt2p7b
