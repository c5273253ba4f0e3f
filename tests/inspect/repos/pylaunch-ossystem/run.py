"""Start a pretraining run on this node: builds the torchrun line and hands it to the shell."""
import argparse
import os

import torch


def main():
    p = argparse.ArgumentParser(description="launch pretrain.py on every GPU of this node")
    p.add_argument("--config", default="configs/gpt2s.yaml")
    p.add_argument("--ngpus", type=int, default=torch.cuda.device_count())
    p.add_argument("--port", type=int, default=29501)
    args, rest = p.parse_known_args()
    cmd = (f"torchrun --nproc_per_node={args.ngpus} --master_port={args.port} "
           f"pretrain.py --config {args.config} " + " ".join(rest))
    print(cmd, flush=True)
    os.system(cmd)


if __name__ == "__main__":
    main()
