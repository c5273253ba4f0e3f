# Fixture (big_vision look-alike): a JAX trainer whose settings come from an ml_collections config file.
from absl import app
from absl import flags
import flax
import jax
import jax.numpy as jnp
from ml_collections import config_flags
import optax

config_flags.DEFINE_config_file("config", None, "Training configuration.", lock_config=True)
flags.DEFINE_string("workdir", default=None, help="Work unit directory.")

FLAGS = flags.FLAGS


def main(argv):
    config = FLAGS.config
    batch_size = config.input.batch_size
    if batch_size % jax.device_count() != 0:
        raise ValueError("batch size must divide the device count")
    tx = optax.adamw(config.lr, weight_decay=config.wd)
    mesh = jax.sharding.Mesh(jax.devices(), ("data",))


if __name__ == "__main__":
    app.run(main)
