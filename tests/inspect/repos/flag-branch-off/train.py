import argparse

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--deepspeed", action="store_true", help="train with DeepSpeed instead of DDP")
    parser.add_argument("--ds_config", type=str, default="ds_config.json")
    parser.add_argument("--lr", type=float, default=3e-4)
    return parser.parse_args()


def main():
    args = get_args()
    model = torch.nn.Linear(512, 512).cuda()
    if args.deepspeed:
        import deepspeed
        model, optimizer, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters(), config=args.ds_config)
    else:
        dist.init_process_group("nccl")
        model = DDP(model)
        optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)


if __name__ == "__main__":
    main()
