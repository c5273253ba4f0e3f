# train.py - ViT classification in Flax, data parallel over the local devices with pmap
from absl import app, flags
import jax
import jax.numpy as jnp
import optax
import tensorflow_datasets as tfds

import vit_configs
from models import VisionTransformer

FLAGS = flags.FLAGS
flags.DEFINE_string("variant", "b16", "model variant: ti16, s16, b16 or l16")
flags.DEFINE_string("dataset", "imagenet2012", "TFDS name of the data set")
flags.DEFINE_integer("num_classes", 1000, "classes of the data set")
flags.DEFINE_integer("batch_size", 512, "global batch size")
flags.DEFINE_float("learning_rate", 3e-3, "peak learning rate")
flags.DEFINE_integer("total_steps", 10000, "training steps")
flags.DEFINE_bool("bf16", False, "compute in bfloat16")


def main(_):
    cfg = getattr(vit_configs, f"get_{FLAGS.variant}_config")()
    dtype = jnp.bfloat16 if FLAGS.bf16 else jnp.float32
    model = VisionTransformer(num_classes=FLAGS.num_classes, dtype=dtype, **cfg)
    ds = tfds.load(FLAGS.dataset, split="train")
    tx = optax.adamw(optax.cosine_decay_schedule(FLAGS.learning_rate, FLAGS.total_steps))
    step = jax.pmap(lambda s, b: s, axis_name="batch")


if __name__ == "__main__":
    app.run(main)
