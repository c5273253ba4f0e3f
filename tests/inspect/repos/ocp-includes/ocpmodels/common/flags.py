import argparse
from pathlib import Path


class Flags:
    def __init__(self):
        self.parser = argparse.ArgumentParser(description="Graph networks for catalysis")
        self.add_core_args()

    def get_parser(self):
        return self.parser

    def add_core_args(self):
        self.parser.add_argument("--mode", choices=["train", "predict", "run-relaxations", "validate"], required=True)
        self.parser.add_argument("--config-yml", required=True, type=Path, help="Path to a config file listing data, model, optim parameters.")
        self.parser.add_argument("--identifier", default="", type=str)
        self.parser.add_argument("--debug", action="store_true")
        self.parser.add_argument("--seed", default=0, type=int)
        self.parser.add_argument("--amp", action="store_true", help="Use mixed-precision training")
        self.parser.add_argument("--checkpoint", type=str)
        self.parser.add_argument("--distributed", action="store_true", help="Run with DDP")
        self.parser.add_argument("--cpu", action="store_true")
        self.parser.add_argument("--num-nodes", default=1, type=int)
        self.parser.add_argument("--num-gpus", default=1, type=int, help="Number of GPUs to request")
        self.parser.add_argument("--local_rank", default=0, type=int)


flags = Flags()
