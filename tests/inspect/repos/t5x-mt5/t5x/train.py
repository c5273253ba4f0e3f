# Fixture (t5x look-alike): a JAX trainer configured by gin files and --gin.NAME=value bindings.
from absl import app
from absl import flags
import gin
import jax
import seqio

FLAGS = flags.FLAGS
flags.DEFINE_multi_string("gin_file", default=None, help="Path to gin configuration file.")
flags.DEFINE_multi_string("gin_bindings", default=[], help="Individual gin bindings.")


def train(*, model, train_dataset_cfg, total_steps, partitioner):
    mesh = partitioner.mesh
    return jax.device_count()


def main(argv):
    gin.parse_config_files_and_bindings(FLAGS.gin_file, FLAGS.gin_bindings)
    train_using_gin = gin.configurable(train)
    train_using_gin()


if __name__ == "__main__":
    app.run(main)
