"""Starts train.py under torchrun with the node and GPU counts of this machine (or the ones given)."""
import argparse
import os
import subprocess
import sys

import torch


def build_command(args, rest):
    nproc = args.gpus_per_node or torch.cuda.device_count()
    cmd = [
        "torchrun",
        f"--nnodes={args.nodes}",
        f"--nproc_per_node={nproc}",
        f"--master_port={args.port}",
        "train.py",
        "--config", os.path.join("configs", f"{args.exp}.json"),
    ]
    return cmd + rest


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=1)
    parser.add_argument("--gpus-per-node", type=int, default=0)
    parser.add_argument("--port", type=int, default=29501)
    parser.add_argument("--exp", default="vit_b16_in1k", help="experiment name: configs/<exp>.json")
    args, rest = parser.parse_known_args()
    cmd = build_command(args, rest)
    print(" ".join(cmd))
    sys.exit(subprocess.run(cmd).returncode)


if __name__ == "__main__":
    main()
