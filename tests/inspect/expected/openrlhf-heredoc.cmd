bash examples/scripts/train_sft.sh
