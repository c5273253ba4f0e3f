# Pre-trains a GPT-style model with DDP; the settings are argparse flags (own fixture).
import argparse

import torch


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--batch_size", type=int, default=8)
    p.add_argument("--max_steps", type=int, default=1000)
    p.add_argument("--data_path", type=str, default="data")
    args = p.parse_args()
    torch.distributed.init_process_group("nccl")
    model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(2, 2).cuda())


if __name__ == "__main__":
    main()
