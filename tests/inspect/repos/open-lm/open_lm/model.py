"""Builds a transformer from model_configs/NAME.json (fixture)."""
import json
from pathlib import Path

import torch.nn as nn

_CONFIG_DIR = Path(__file__).parent / "model_configs"


def create_model(args):
    with open(_CONFIG_DIR / f"{args.model}.json") as f:
        cfg = json.load(f)
    return nn.Transformer(d_model=cfg["hidden_dim"], num_encoder_layers=cfg["n_layers"])
