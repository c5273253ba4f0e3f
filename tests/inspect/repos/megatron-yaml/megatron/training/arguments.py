"""Megatron command-line arguments (a few of them, fixture)."""
import argparse


def parse_args():
    parser = argparse.ArgumentParser(description="Megatron-LM Arguments", allow_abbrev=False)
    parser.add_argument("--yaml-cfg", type=str, default=None, help="Config file to add additional arguments")
    parser.add_argument("--num-layers", type=int, default=None)
    parser.add_argument("--hidden-size", type=int, default=None)
    parser.add_argument("--num-attention-heads", type=int, default=None)
    parser.add_argument("--micro-batch-size", type=int, default=None)
    parser.add_argument("--global-batch-size", type=int, default=None)
    parser.add_argument("--lr", type=float, default=None)
    parser.add_argument("--train-iters", type=int, default=None)
    parser.add_argument("--seq-length", type=int, default=None)
    parser.add_argument("--tensor-model-parallel-size", type=int, default=1)
    parser.add_argument("--bf16", action="store_true")
    parser.add_argument("--fp16", action="store_true")
    parser.add_argument("--data-path", nargs="*", default=None)
    return parser.parse_args()
