#!/usr/bin/env bash
# Options as `-x VALUE` pairs consumed with shift 2; unknown words end the loop and go to the program
MODEL=gpt2
LR=3e-4
NODES=1
while [ $# -gt 0 ]; do
  case "$1" in
    -m|--model) MODEL="$2"; shift 2 ;;
    --lr) LR="$2"; shift 2 ;;
    -n|--nodes) NODES="$2"; shift 2 ;;
    *) break ;;
  esac
done
torchrun --nnodes "$NODES" --nproc_per_node 4 train.py --model "$MODEL" --learning_rate "$LR" "$@"
