"""Data pipeline."""
import tensorflow.compat.v2 as tf


def build_distributed_dataset(builder, batch_size, is_training, strategy):
  def _input_fn(input_context):
    ds = builder.as_dataset(split='train' if is_training else 'test', shuffle_files=is_training, as_supervised=True)
    return ds.batch(input_context.get_per_replica_batch_size(batch_size))
  return strategy.distribute_datasets_from_function(_input_fn)
