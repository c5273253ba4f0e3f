"""Single-file GPT trainer configured by globals (learned from karpathy/nanoGPT train.py)."""
import os
import time

import numpy as np
import torch
from torch.distributed import init_process_group
from torch.nn.parallel import DistributedDataParallel as DDP

from model import GPTConfig, GPT

# default config values: train a gpt2 (124M) on OpenWebText
out_dir = 'out'
eval_interval = 2000
eval_iters = 200
wandb_log = False
dataset = 'openwebtext'
gradient_accumulation_steps = 5 * 8 # used to simulate larger batch sizes
batch_size = 12
block_size = 1024
n_layer = 12
n_head = 12
n_embd = 768
dropout = 0.0
bias = False
learning_rate = 6e-4
max_iters = 600000
weight_decay = 1e-1
backend = 'nccl'
dtype = 'bfloat16'
compile = True
config_keys = [k for k,v in globals().items() if not k.startswith('_') and isinstance(v, (int, float, bool, str))]
exec(open('configurator.py').read()) # overrides from command line or config file
config = {k: globals()[k] for k in config_keys}

ddp = int(os.environ.get('RANK', -1)) != -1
if ddp:
    init_process_group(backend=backend)
data_dir = os.path.join('data', dataset)
model_args = dict(n_layer=n_layer, n_head=n_head, n_embd=n_embd, block_size=block_size, bias=bias, vocab_size=None, dropout=dropout)
gptconf = GPTConfig(**model_args)
model = GPT(gptconf)
if ddp:
    model = DDP(model, device_ids=[0])
