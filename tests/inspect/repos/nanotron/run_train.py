"""Nanotron training script (fixture).

Usage: torchrun --nproc_per_node=8 run_train.py --config-file examples/config_tiny_llama.yaml
"""
import argparse

from nanotron.trainer import DistributedTrainer


def get_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config-file", type=str, required=True, help="Path to the YAML or python config file")
    return parser.parse_args()


if __name__ == "__main__":
    args = get_args()
    trainer = DistributedTrainer(args.config_file)
    trainer.train()
