"""Trainer: settings are module globals, overridden by configurator.py from --key=value words
(mechanism seen in karpathy/llama2.c train.py; written for this fixture)."""
import os

import torch
from torch.distributed import init_process_group
from torch.nn.parallel import DistributedDataParallel as DDP

from model import ModelArgs, Transformer
from stories import Task
from export import model_export

out_dir = "out"
eval_iters = 100
batch_size = 128
max_seq_len = 256
vocab_size = 32000
dim = 288
n_layers = 6
n_heads = 6
n_kv_heads = 6
dropout = 0.0
learning_rate = 5e-4
max_iters = 100000
dtype = "bfloat16"
compile = True
config_keys = [k for k, v in globals().items() if not k.startswith("_") and isinstance(v, (int, float, bool, str))]
exec(open("configurator.py").read())

ddp = int(os.environ.get("RANK", -1)) != -1
if ddp:
    init_process_group(backend="nccl")
model_args = dict(dim=dim, n_layers=n_layers, n_heads=n_heads, n_kv_heads=n_kv_heads, vocab_size=vocab_size,
                  max_seq_len=max_seq_len, dropout=dropout)
model = Transformer(ModelArgs(**model_args))
if ddp:
    model = DDP(model, device_ids=[int(os.environ["LOCAL_RANK"])])
ptdtype = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}[dtype]
ctx = torch.amp.autocast(device_type="cuda", dtype=ptdtype)
