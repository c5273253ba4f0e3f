bash run_pretrain.sh 2 50000
