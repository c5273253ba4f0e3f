torchrun --nproc_per_node 4 run_clm.py configs/gpt2_wikitext.json
