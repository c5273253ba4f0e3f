colossalai run --nproc_per_node 8 examples/language/llama/benchmark.py -c 7b --plugin zero2 -b 4 --mixed_precision bf16
