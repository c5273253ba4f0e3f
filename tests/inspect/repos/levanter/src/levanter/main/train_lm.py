"""Trains a language model with JAX, Equinox and Haliax (fixture). Configuration by draccus:
--config_path FILE, then --section.key value flags."""
from dataclasses import dataclass, field

import equinox as eqx
import jax
import jax.numpy as jnp

import levanter


@dataclass
class TrainLmConfig:
    data: dict = field(default_factory=dict)
    model: dict = field(default_factory=dict)
    trainer: dict = field(default_factory=dict)
    optimizer: dict = field(default_factory=dict)
    z_loss_weight: float = 0.0


def main(config: TrainLmConfig):
    key = jax.random.PRNGKey(0)


if __name__ == "__main__":
    levanter.config.main(main)()
