colossalai run --nproc_per_node 8 examples/language/llama/finetune.py --plugin zero2 --pretrained meta-llama/Llama-2-7b-hf -b 4 -x bf16 -e 3
