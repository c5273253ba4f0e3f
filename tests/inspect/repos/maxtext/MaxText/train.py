"""Trains a decoder-only model with JAX and pjit (fixture)."""
import sys

import jax
import jax.numpy as jnp
import optax

import pyconfig


def main(argv):
    config = pyconfig.initialize(argv)
    mesh = jax.sharding.Mesh(jax.devices(), ("fsdp",))
    tx = optax.adamw(config["learning_rate"])
    for step in range(config["steps"]):
        pass


if __name__ == "__main__":
    main(sys.argv)
