#!/bin/bash
# usage: bash scripts/train.sh [-m|--model NAME] [--lr LR]
MODEL=gpt2
LR=1e-4
EPOCHS=3
while [[ $# -gt 0 ]]; do
  key="$1"
  case $key in
    -m|--model)
      MODEL="$2"
      shift # past argument
      shift # past value
      ;;
    --lr)
      LR="$2"
      shift 2
      ;;
    *)
      echo "unknown option $key"
      exit 1
      ;;
  esac
done

torchrun --nproc_per_node 4 -m trainer.sft \
  --model_name_or_path "$MODEL" \
  --learning_rate "$LR" \
  --num_train_epochs $EPOCHS \
  --dataset_name tatsu-lab/alpaca
