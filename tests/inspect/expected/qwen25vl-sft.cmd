cd qwen-vl-finetune && NPROC_PER_NODE=8 bash scripts/sft.sh
