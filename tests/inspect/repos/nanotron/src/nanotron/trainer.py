"""The trainer: reads the YAML config, builds tensor/pipeline/data parallel groups (fixture)."""
import torch
import yaml


class DistributedTrainer:
    def __init__(self, config_file):
        with open(config_file) as f:
            self.config = yaml.safe_load(f)

    def train(self):
        pass
