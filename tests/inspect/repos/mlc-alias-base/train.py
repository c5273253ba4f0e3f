"""Trains a diffusion U-Net with an ml_collections config (--config=configs/X.py)."""
from absl import app, flags
from ml_collections import config_flags
import torch

_CONFIG = config_flags.DEFINE_config_file("config", None, "the training configuration")


def main(_):
    config = _CONFIG.value
    model = torch.nn.Conv2d(3, config.model.channels, 3)
    opt = torch.optim.Adam(model.parameters(), lr=config.optim.lr)
    for step in range(config.training.num_steps):
        loss = model(torch.zeros(config.training.batch_size, 3, 32, 32)).mean()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    app.run(main)
