"""Trains a Keras classifier; settings are absl flags."""
from absl import app
from absl import flags
import tensorflow as tf

FLAGS = flags.FLAGS
flags.DEFINE_integer(name="batch_size", default=64, help="Global batch size.")
flags.DEFINE_integer("epochs", 30, "Number of epochs.")
flags.DEFINE_float("learning_rate", 1e-3, "Peak learning rate.")
flags.DEFINE_enum("optimizer", "adam", ["adam", "sgd"], "Optimizer.")
flags.DEFINE_boolean("shuffle", True, "Shuffle the training set.")
flags.DEFINE_string("data_dir", "/data/flowers", "Where the TFRecords are.")


def main(argv):
  del argv
  ds = tf.data.Dataset.list_files(FLAGS.data_dir + "/*.tfrecord")
  if FLAGS.shuffle:
    ds = ds.shuffle(1000)
  model = tf.keras.applications.MobileNetV2(weights=None, classes=5)
  model.compile(optimizer=FLAGS.optimizer, loss="sparse_categorical_crossentropy")
  model.fit(ds.batch(FLAGS.batch_size), epochs=FLAGS.epochs)


if __name__ == "__main__":
  app.run(main)
