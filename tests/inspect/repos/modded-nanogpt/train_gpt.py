"""GPT-2 small speedrun trainer (fixture in the manner of modded-nanogpt: hyperparameters as a
dataclass with plain class attributes, no argparse; DDP by hand)."""
import os
import glob
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


class GPT(nn.Module):
    def __init__(self, vocab_size, num_layers, num_heads, model_dim):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, model_dim)


@dataclass
class Hyperparameters:
    # data
    train_files = "data/fineweb10B/fineweb_train_*.bin"  # input .bin to train on
    val_files = "data/fineweb10B/fineweb_val_*.bin"  # input .bin to eval validation loss on
    val_tokens = 10485760
    # optimization
    batch_size = 8*64*1024  # batch size in tokens
    num_iterations = 1390  # number of iterations to run
    cooldown_frac = 0.4
    # evaluation and logging
    val_loss_every = 125
    # implementation
    seq_len = 64*1024
    save_checkpoint = False


args = Hyperparameters()

dist.init_process_group(backend="nccl")
ddp_local_rank = int(os.environ["LOCAL_RANK"])
model = GPT(vocab_size=50304, num_layers=12, num_heads=6, model_dim=768).cuda()
model = model.bfloat16()
model = DDP(model, device_ids=[ddp_local_rank])
optimizer = torch.optim.Adam(model.parameters(), lr=0.008, betas=(0.8, 0.95))
files = sorted(glob.glob(args.train_files))
