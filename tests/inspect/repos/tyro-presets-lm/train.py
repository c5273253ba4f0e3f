"""Presets chosen by the first word, overridden by the options (tyro)."""
from dataclasses import dataclass

import torch
import tyro


@dataclass
class TrainConfig:
    dataset: str = "tinystories"
    n_layer: int = 6
    lr: float = 6e-4
    lr_scaler: float = 1.0
    batch_size: int = 32
    max_iters: int = 5000


presets = {
    "small": (
        "a 6-layer model",
        TrainConfig(),
    ),
    "medium": (
        "a 12-layer model on OpenWebText",
        TrainConfig(
            dataset="openwebtext",
            n_layer=12,
            lr=3e-4,
            max_iters=60000,
        ),
    ),
    "large": (
        "a 24-layer model on OpenWebText",
        TrainConfig(dataset="openwebtext", n_layer=24, lr=1.5e-4, max_iters=120000),
    ),
}


def main(cfg: TrainConfig):
    model = torch.nn.TransformerEncoder(torch.nn.TransformerEncoderLayer(512, 8), cfg.n_layer)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr * cfg.lr_scaler)
    for it in range(cfg.max_iters):
        loss = model(torch.zeros(8, cfg.batch_size, 512)).sum()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main(tyro.extras.overridable_config_cli(presets))
