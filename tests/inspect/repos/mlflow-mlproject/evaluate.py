"""Evaluates a saved checkpoint."""
import argparse

import torch

p = argparse.ArgumentParser()
p.add_argument("--ckpt", required=True)
args = p.parse_args()
state = torch.load(args.ckpt)
