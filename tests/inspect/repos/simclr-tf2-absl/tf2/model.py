"""Model specification for SimCLR: a ResNet with a projection head."""
from absl import flags
import tensorflow.compat.v2 as tf

import resnet

FLAGS = flags.FLAGS


class Model(tf.keras.models.Model):
  def __init__(self, num_classes, **kwargs):
    super(Model, self).__init__(**kwargs)
    self.resnet_model = resnet.resnet(
        resnet_depth=FLAGS.resnet_depth,
        width_multiplier=FLAGS.width_multiplier,
        cifar_stem=FLAGS.image_size <= 32)
    self.supervised_head = tf.keras.layers.Dense(num_classes)

  def call(self, inputs, training):
    return self.supervised_head(self.resnet_model(inputs, training=training))
