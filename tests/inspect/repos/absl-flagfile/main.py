"""ResNet on ImageNet with Flax; settings as absl flags (a --flagfile holds a run's flags)."""
from absl import app, flags, logging
import jax
import jax.numpy as jnp
import optax
import tensorflow_datasets as tfds

import models

FLAGS = flags.FLAGS
flags.DEFINE_string("workdir", None, "Where checkpoints and summaries go.")
flags.DEFINE_string("model", "ResNet18", "Model class in models.py.")
flags.DEFINE_string("dataset", "imagenette", "TFDS data set name.")
flags.DEFINE_float("learning_rate", 0.1, "Base learning rate.")
flags.DEFINE_integer("batch_size", 128, "Global batch size.")
flags.DEFINE_integer("num_epochs", 100, "Epochs to train.")
flags.DEFINE_float("weight_decay", 1e-4, "L2 weight decay.")
flags.DEFINE_bool("half_precision", False, "bfloat16 on TPU, float16 on GPU.")
flags.DEFINE_integer("warmup_epochs", 5, "Linear warm-up.")


def main(argv):
    del argv
    dtype = jnp.float16 if FLAGS.half_precision else jnp.float32
    model = getattr(models, FLAGS.model)(num_classes=1000, dtype=dtype)
    ds = tfds.load(FLAGS.dataset, split="train")
    tx = optax.sgd(FLAGS.learning_rate, momentum=0.9)
    logging.info("devices: %d", jax.device_count())


if __name__ == "__main__":
    flags.mark_flags_as_required(["workdir"])
    app.run(main)
