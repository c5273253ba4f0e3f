"""Contains definitions for the post-activation form of Residual Networks."""
import tensorflow.compat.v2 as tf


def resnet(resnet_depth, width_multiplier, cifar_stem=False):
  model_params = {
      18: {'block': 'residual', 'layers': [2, 2, 2, 2]},
      34: {'block': 'residual', 'layers': [3, 4, 6, 3]},
      50: {'block': 'bottleneck', 'layers': [3, 4, 6, 3]},
      101: {'block': 'bottleneck', 'layers': [3, 4, 23, 3]},
  }
  if resnet_depth not in model_params:
    raise ValueError('Not a valid resnet_depth:', resnet_depth)
  params = model_params[resnet_depth]
  return tf.keras.Sequential([tf.keras.layers.Conv2D(64 * width_multiplier, 3 if cifar_stem else 7)])
