bash scripts/kinetics/pretrain.sh 0 10.0.0.1
