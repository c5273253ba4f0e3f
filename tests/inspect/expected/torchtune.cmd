tune run --nproc_per_node 8 full_finetune_distributed --config llama3_1/8B_full batch_size=4 optimizer.lr=1e-5
