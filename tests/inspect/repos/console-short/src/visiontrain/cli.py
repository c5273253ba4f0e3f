"""Console entry of the fixture package: short options, a positional data folder, nargs='+'."""
import argparse

from .engine import fit


def build_parser():
    p = argparse.ArgumentParser(prog="vtrain")
    p.add_argument("data", help="dataset root")
    p.add_argument("-m", "--model", default="resnet50", help="timm model name")
    p.add_argument("-b", "--batch-size", type=int, default=64)
    p.add_argument("-e", "--epochs", type=int, default=100)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--decay-epochs", type=int, nargs="+", default=[30, 60])
    p.add_argument("--bf16", action="store_true")
    return p


def main():
    args = build_parser().parse_args()
    fit(args)
