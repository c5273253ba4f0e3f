"""Language-model training in JAX; the data pipeline is tf.data."""
import jax
import jax.numpy as jnp
import optax
import tensorflow as tf
from absl import app, flags
from ml_collections import config_flags

config_flags.DEFINE_config_file("config", None, "Training configuration.", lock_config=True)
FLAGS = flags.FLAGS


def main(_):
    cfg = FLAGS.config
    ds = tf.data.TFRecordDataset(cfg.data.train_files).batch(cfg.batch_size)
    tx = optax.adamw(cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
    for step, batch in zip(range(cfg.num_train_steps), ds.as_numpy_iterator()):
        jnp.asarray(batch)


if __name__ == "__main__":
    app.run(main)
