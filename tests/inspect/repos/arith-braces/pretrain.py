import argparse

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--micro-batch-size", type=int, default=1)
    parser.add_argument("--global-batch-size", type=int, default=8)
    parser.add_argument("--train-iters", type=int, default=1000)
    parser.add_argument("--lr-warmup-iters", type=int, default=0)
    parser.add_argument("--lr-decay-iters", type=int, default=None)
    parser.add_argument("--data-path", type=str, nargs="+")
    return parser.parse_args()


def main():
    args = get_args()
    dist.init_process_group("nccl")
    model = DistributedDataParallel(torch.nn.Linear(8, 8).cuda())
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for it in range(args.train_iters):
        loss = model(torch.zeros(args.micro_batch_size, 8).cuda()).sum()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
