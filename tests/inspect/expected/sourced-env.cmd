bash scripts/pretrain.sh
