"""ImageNet input pipeline."""
import tensorflow as tf


def create_split(dataset_builder, batch_size, train):
  ds = dataset_builder.as_dataset(split='train' if train else 'validation')
  return ds.batch(batch_size).prefetch(tf.data.AUTOTUNE)
