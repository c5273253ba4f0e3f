#!/usr/bin/env python3
"""Multi-node launcher: every node runs this with its rank; it execs torchrun on the package's trainer."""
import argparse
import subprocess
import sys


def build(args, extra):
    cmd = ["torchrun",
           "--nnodes", str(args.nnodes),
           "--node_rank", str(args.node_rank),
           "--nproc_per_node", str(args.gpus),
           "--master_addr", args.master, "--master_port", "29400",
           "-m", "vitrun.main"]
    return cmd + extra


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--nnodes", type=int, default=1)
    ap.add_argument("--node_rank", type=int, default=0)
    ap.add_argument("--gpus", type=int, default=8)
    ap.add_argument("--master", default="127.0.0.1")
    args, extra = ap.parse_known_args()
    sys.exit(subprocess.run(build(args, extra)).returncode)
