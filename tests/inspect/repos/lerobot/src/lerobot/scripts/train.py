# Trains a policy on a LeRobot dataset (fixture: draccus settings, single GPU, optional autocast).
import torch
from torch.amp import autocast

from lerobot.configs import parser
from lerobot.configs.train import TrainPipelineConfig


@parser.wrap()
def train(cfg: TrainPipelineConfig):
    torch.manual_seed(cfg.seed)
    device = torch.device("cuda")
    for step in range(cfg.steps):
        with autocast(device_type=device.type) if cfg.policy.use_amp else torch.no_grad():
            pass


def main():
    train()


if __name__ == "__main__":
    main()
