#!/usr/bin/env python3
"""Runs the command after `--` once per node; the training script spawns one process per GPU itself."""
import argparse
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", default="run.log")
    parser.add_argument("--ngpu", type=int, default=1)
    parser.add_argument("--num_nodes", type=int, default=1)
    parser.add_argument("--init_file_prefix", default=".dist_init_")
    parser.add_argument("--multiprocessing_distributed", default="true")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    cmd = args.args[1:] if args.args[:1] == ["--"] else args.args
    with open(args.log, "w") as f:
        sys.exit(subprocess.call(cmd + ["--multiprocessing_distributed", "true"], stdout=f, stderr=f))


if __name__ == "__main__":
    main()
