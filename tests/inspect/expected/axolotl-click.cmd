axolotl train examples/llama-3/lora-1b.yml --learning-rate 1e-4 --micro-batch-size 4 --num-epochs 2
