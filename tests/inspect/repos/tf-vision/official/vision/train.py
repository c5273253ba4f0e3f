# Vision training driver: an experiment chosen by name, overridden by YAML files and
# --params_override, run under a tf.distribute strategy chosen by runtime.distribution_strategy.
from absl import app
from absl import flags
import tensorflow as tf

from official.core import exp_factory
from official.core import train_utils

FLAGS = flags.FLAGS
flags.DEFINE_string("experiment", None, "The experiment type registered.")
flags.DEFINE_enum("mode", None, ["train", "eval", "train_and_eval"], "Mode to run.")
flags.DEFINE_string("model_dir", None, "The directory where the model and training/evaluation summaries are stored.")
flags.DEFINE_multi_string("config_file", None, "YAML/JSON files which specifies overrides.")
flags.DEFINE_string("params_override", None, "A comma-separated list of key=value overrides.")


def main(_):
    params = train_utils.parse_configuration(FLAGS)
    strategy = tf.distribute.MirroredStrategy()
    with strategy.scope():
        task = exp_factory.get_exp_config(FLAGS.experiment)
    return params, task


if __name__ == "__main__":
    app.run(main)
