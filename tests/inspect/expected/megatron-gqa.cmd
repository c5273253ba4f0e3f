bash examples/llama/train_llama_1b.sh
