"""A copy of torch.distributed.launch kept in the tree: starts training_script once per GPU."""
import os
import subprocess
from argparse import REMAINDER, ArgumentParser


def parse_args():
    parser = ArgumentParser(description="multi-process launcher")
    parser.add_argument("--nnodes", type=int, default=1)
    parser.add_argument("--node_rank", type=int, default=0)
    parser.add_argument("--nproc_per_node", type=int, default=1)
    parser.add_argument("--master_addr", default="127.0.0.1", type=str)
    parser.add_argument("--master_port", default=29500, type=int)
    parser.add_argument("training_script", type=str, help="the program (or shell script) to start")
    parser.add_argument("training_script_args", nargs=REMAINDER)
    return parser.parse_args()


def main():
    args = parse_args()
    current_env = os.environ.copy()
    for local_rank in range(0, args.nproc_per_node):
        current_env["LOCAL_RANK"] = str(local_rank)
        cmd = [args.training_script] + args.training_script_args
        subprocess.Popen(cmd, env=current_env)


if __name__ == "__main__":
    main()
