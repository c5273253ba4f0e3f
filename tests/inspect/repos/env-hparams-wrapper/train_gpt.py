"""Small GPT speedrun baseline: settings come from environment variables (defaults below)."""
import os
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP


class Hyperparameters:
    data_path = os.environ.get("DATA_PATH", "./data/fineweb_sp4096")
    seed = int(os.environ.get("SEED", 7))
    iterations = int(os.environ.get("ITERATIONS", 12000))
    warmup_steps = int(os.environ.get("WARMUP_STEPS", 20))
    train_batch_tokens = int(os.environ.get("TRAIN_BATCH_TOKENS", 262_144))
    train_seq_len = int(os.environ.get("TRAIN_SEQ_LEN", 1024))
    vocab_size = int(os.environ.get("VOCAB_SIZE", 4096))
    num_layers = int(os.environ.get("NUM_LAYERS", 8))
    model_dim = int(os.environ.get("MODEL_DIM", 512))
    num_heads = int(os.environ.get("NUM_HEADS", 8))
    matrix_lr = float(os.environ.get("MATRIX_LR", 0.03))
    grad_clip_norm = float(os.environ.get("GRAD_CLIP_NORM", 0.0))


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        x = x + self.attn(x, x, x, need_weights=False)[0]
        return x + self.mlp(x)


class TinyGPT(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.emb = nn.Embedding(args.vocab_size, args.model_dim)
        self.blocks = nn.ModuleList([Block(args.model_dim, args.num_heads) for _ in range(args.num_layers)])
        self.head = nn.Linear(args.model_dim, args.vocab_size, bias=False)

    def forward(self, idx, targets):
        x = self.emb(idx)
        for b in self.blocks:
            x = b(x)
        return F.cross_entropy(self.head(x).flatten(0, 1), targets.flatten())


def main():
    args = Hyperparameters()
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    model = DDP(TinyGPT(args).cuda(), device_ids=[int(os.environ["LOCAL_RANK"])])
    opt = torch.optim.AdamW(model.parameters(), lr=args.matrix_lr)
    t0 = time.time()
    for step in range(args.iterations):
        x = torch.randint(0, args.vocab_size, (args.train_batch_tokens // args.train_seq_len // dist.get_world_size(), args.train_seq_len), device="cuda")
        with torch.autocast(device_type="cuda", dtype=torch.bfloat16):
            loss = model(x, x)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        if rank == 0 and step % 100 == 0:
            print(f"step:{step}/{args.iterations} train_loss:{loss.item():.4f} train_time:{(time.time()-t0)*1000:.0f}ms")


if __name__ == "__main__":
    main()
