"""The main training pipeline (absl flags; tf.distribute over the local GPUs)."""
import math
import os

from absl import app
from absl import flags
from absl import logging
import tensorflow.compat.v2 as tf
import tensorflow_datasets as tfds

import data as data_lib
import model as model_lib

FLAGS = flags.FLAGS

flags.DEFINE_float('learning_rate', 0.3, 'Initial learning rate per batch size of 256.')
flags.DEFINE_enum('learning_rate_scaling', 'linear', ['linear', 'sqrt'], 'How to scale the learning rate as a function of batch size.')
flags.DEFINE_float('warmup_epochs', 10, 'Number of epochs of warmup.')
flags.DEFINE_float('weight_decay', 1e-6, 'Amount of weight decay to use.')
flags.DEFINE_integer('train_batch_size', 512, 'Batch size for training.')
flags.DEFINE_string('train_split', 'train', 'Split for training.')
flags.DEFINE_integer('train_epochs', 100, 'Number of epochs to train for.')
flags.DEFINE_integer('train_steps', 0, 'Number of steps to train for. If provided, overrides train_epochs.')
flags.DEFINE_string('eval_split', 'validation', 'Split for evaluation.')
flags.DEFINE_string('dataset', 'imagenet2012', 'Name of a dataset.')
flags.DEFINE_enum('train_mode', 'pretrain', ['pretrain', 'finetune'], 'The train mode controls different objectives and trainable components.')
flags.DEFINE_float('temperature', 0.1, 'Temperature parameter for contrastive loss.')
flags.DEFINE_string('model_dir', None, 'Model directory for training.')
flags.DEFINE_boolean('use_tpu', True, 'Whether to run on TPU.')
flags.DEFINE_string('optimizer', 'lars', 'Optimizer to use.')
flags.DEFINE_integer('resnet_depth', 50, 'Depth of ResNet.')
flags.DEFINE_integer('width_multiplier', 1, 'Multiplier to change width of network.')
flags.DEFINE_integer('image_size', 224, 'Input image size.')
flags.DEFINE_float('color_jitter_strength', 1.0, 'The strength of color jittering.')
flags.DEFINE_boolean('use_blur', True, 'Whether or not to use Gaussian blur for augmentation during pretraining.')


def main(argv):
  if len(argv) > 1:
    raise app.UsageError('Too many command-line arguments.')
  builder = tfds.builder(FLAGS.dataset)
  builder.download_and_prepare()
  num_train_examples = builder.info.splits[FLAGS.train_split].num_examples
  train_steps = FLAGS.train_steps or (num_train_examples * FLAGS.train_epochs // FLAGS.train_batch_size + 1)

  if FLAGS.use_tpu:
    cluster = tf.distribute.cluster_resolver.TPUClusterResolver()
    strategy = tf.distribute.TPUStrategy(cluster)
  else:
    strategy = tf.distribute.MirroredStrategy()
    logging.info('Running using MirroredStrategy on %d replicas', strategy.num_replicas_in_sync)

  with strategy.scope():
    model = model_lib.Model(num_classes=builder.info.features['label'].num_classes)
    ds = data_lib.build_distributed_dataset(builder, FLAGS.train_batch_size, True, strategy)
    optimizer = tf.keras.optimizers.SGD(learning_rate=FLAGS.learning_rate, momentum=0.9)

    @tf.function
    def train_multiple_steps(iterator):
      for _ in tf.range(train_steps):
        strategy.run(lambda x: model(x[0], training=True), (next(iterator),))

    train_multiple_steps(iter(ds))


if __name__ == '__main__':
  tf.compat.v1.enable_v2_behavior()
  app.run(main)
