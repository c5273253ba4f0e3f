#!/bin/bash
# quoted array expansions and a precision chosen by a test on the first argument
PRECISION=${1:-bf16}
NGPU=${2:-4}

TRAIN_ARGS=(
    --model "facebook/opt-350m"
    --batch-size 16
    --epochs 3
)
TRAIN_ARGS+=(--lr 2e-5)

if [[ "$PRECISION" == "fp16" ]]; then
    PREC_ARGS=(--fp16)
elif [[ "$PRECISION" == "bf16" ]]; then
    PREC_ARGS=(--bf16)
else
    PREC_ARGS=()
fi

echo "running python train.py with ${TRAIN_ARGS[@]}"
torchrun --nproc_per_node "$NGPU" train.py "${TRAIN_ARGS[@]}" "${PREC_ARGS[@]}" --data /data/pile_sample.jsonl
