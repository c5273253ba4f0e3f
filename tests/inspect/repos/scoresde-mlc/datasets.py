"""Input pipelines (tensorflow_datasets)."""
import tensorflow as tf
import tensorflow_datasets as tfds


def get_dataset(config, uniform_dequantization=False, evaluation=False):
  batch_size = config.training.batch_size if not evaluation else config.eval.batch_size
  if config.data.dataset == 'CIFAR10':
    dataset_builder = tfds.builder('cifar10')
    train_split_name = 'train'
    eval_split_name = 'test'
  elif config.data.dataset == 'CELEBA':
    dataset_builder = tfds.builder('celeb_a')
    train_split_name = 'train'
    eval_split_name = 'validation'
  else:
    raise NotImplementedError(f'Dataset {config.data.dataset} not yet supported.')
  train_ds = dataset_builder.as_dataset(split=train_split_name).batch(batch_size)
  eval_ds = dataset_builder.as_dataset(split=eval_split_name).batch(batch_size)
  return tfds.as_numpy(train_ds), tfds.as_numpy(eval_ds), dataset_builder
