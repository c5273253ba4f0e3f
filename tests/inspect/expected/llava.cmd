bash scripts/v1_5/finetune.sh
