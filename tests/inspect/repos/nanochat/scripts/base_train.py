"""
Pretrains the base model (fixture: module settings overridden by configurator.py, model size from depth).
"""
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from nanochat.dataloader import tokenizing_distributed_data_loader
from nanochat.gpt import GPT, GPTConfig

# settings
depth = 20
max_seq_len = 2048
num_iterations = -1
target_param_data_ratio = 20
device_batch_size = 32
total_batch_size = 524288
embedding_lr = 0.2
unembedding_lr = 0.004
weight_decay = 0.0
matrix_lr = 0.02
config_keys = [k for k, v in globals().items() if not k.startswith("_") and isinstance(v, (int, float, bool, str))]
exec(open(os.path.join("nanochat", "configurator.py")).read())

vocab_size = 65536
num_layers = depth
model_dim = depth * 64
num_heads = max(1, (model_dim + 127) // 128)
num_kv_heads = num_heads

dist.init_process_group(backend="nccl")
model_config = GPTConfig(sequence_len=max_seq_len, vocab_size=vocab_size, n_layer=num_layers, n_head=num_heads, n_kv_head=num_kv_heads, n_embd=model_dim)
model = GPT(model_config).cuda()
model = DDP(model)
autocast_ctx = torch.amp.autocast(device_type="cuda", dtype=torch.bfloat16)
train_loader = tokenizing_distributed_data_loader(device_batch_size, max_seq_len, split="train")
