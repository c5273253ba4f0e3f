bash scripts/finetune.sh 7
