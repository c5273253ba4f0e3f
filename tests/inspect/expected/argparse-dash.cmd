torchrun --nproc_per_node=2 train.py data/sst2_train.jsonl data/imdb_train.jsonl -lr 3e-5 -bs 32 -ep 4 --model roberta-large --precision bf16
