"""GPT pre-training with PyTorch FSDP (torchrun)."""
import argparse
import functools
import os

import torch
import torch.distributed as dist
import yaml
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
from torch.distributed.fsdp import MixedPrecision
from torch.distributed.fsdp.wrap import transformer_auto_wrap_policy

from model import GPT, Block, GPTConfig

parser = argparse.ArgumentParser()
parser.add_argument("--config", default="config/train_gpt.yaml")
parser.add_argument("--out_dir", default="/pscratch/ckpt/gpt-fsdp")
parser.add_argument("--compile", action="store_true")


def main():
    args = parser.parse_args()
    with open(args.config) as f:
        cfg = yaml.safe_load(f)
    dist.init_process_group("nccl")
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    model = GPT(GPTConfig())
    policy = functools.partial(transformer_auto_wrap_policy, transformer_layer_cls={Block})
    bf16 = MixedPrecision(param_dtype=torch.bfloat16, reduce_dtype=torch.bfloat16, buffer_dtype=torch.bfloat16)
    model = FSDP(model, auto_wrap_policy=policy, mixed_precision=bf16, device_id=torch.cuda.current_device())
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["learning_rate"])
    for it in range(cfg["max_iters"]):
        pass
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
