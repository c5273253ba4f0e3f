"""tfds input pipeline."""
import tensorflow as tf
import tensorflow_datasets as tfds


def get_dataset_info(dataset, split):
  builder = tfds.builder(dataset)
  return dict(num_examples=builder.info.splits[split].num_examples,
              num_classes=builder.info.features['label'].num_classes)


def get_datasets(config):
  ds_train = tfds.load(config.dataset, split=config.pp.train).batch(config.batch)
  ds_test = tfds.load(config.dataset, split=config.pp.test).batch(config.batch_eval)
  return ds_train, ds_test
