colossalai run --nproc_per_node 8 examples/language/llama/benchmark.py -c 13b --plugin 3d --tp 2 --pp 2 -b 16 -s 20 -g --mixed_precision bf16
