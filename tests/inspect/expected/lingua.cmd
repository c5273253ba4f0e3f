torchrun --nproc-per-node 8 -m apps.main.train config=apps/main/configs/llama_1B.yaml steps=1000 data.batch_size=8
