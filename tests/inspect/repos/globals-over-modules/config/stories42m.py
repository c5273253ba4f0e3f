dim = 512
n_layers = 8
n_heads = 8
n_kv_heads = 8
max_seq_len = 1024
batch_size = 32
