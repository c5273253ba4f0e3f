"""Job configuration: defaults, then the TOML file of --job.config_file, then --section.key flags."""
import argparse


class JobConfig:
    def __init__(self):
        self.parser = argparse.ArgumentParser(description="torchtitan arg parser.")
        self.parser.add_argument("--job.config_file", type=str, default=None)
        self.parser.add_argument("--training.local_batch_size", type=int, default=8)
        self.parser.add_argument("--training.seq_len", type=int, default=2048)
        self.parser.add_argument("--training.steps", type=int, default=10000)
        self.parser.add_argument("--optimizer.lr", type=float, default=8e-4)

    def parse_args(self):
        return self.parser.parse_args()
