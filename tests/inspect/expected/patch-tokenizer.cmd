cd examples/llama2 && sh run_pretrain_llama.sh 220M 4 2
