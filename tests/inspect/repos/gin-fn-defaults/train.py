"""Trains a small JAX model; every setting is a gin binding (absl flags take the files and bindings)."""
from absl import app, flags
import gin
import jax
import optax

flags.DEFINE_multi_string("gin_file", [], "gin files")
flags.DEFINE_multi_string("gin_bindings", [], "gin bindings")
FLAGS = flags.FLAGS


@gin.configurable
def train(num_steps=1000, learning_rate=1e-3, batch_size=64, warmup_steps=100):
    opt = optax.adamw(learning_rate)
    for step in range(num_steps):
        jax.numpy.zeros((batch_size,))


@gin.configurable("evaluation")
def evaluate(eval_steps=100):
    return eval_steps


def main(_):
    gin.parse_config_files_and_bindings(FLAGS.gin_file, FLAGS.gin_bindings)
    train()


if __name__ == "__main__":
    app.run(main)
