bash examples/pretrain_gpt_distributed.sh checkpoints/gpt2_345m data/gpt2-vocab.json data/gpt2-merges.txt data/my-gpt2_text_document
