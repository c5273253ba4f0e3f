"""Defaults shared by every size."""
import ml_collections


def get_config():
  config = ml_collections.ConfigDict()
  config.batch_size = 256
  config.num_train_steps = 100000
  config.optim = ml_collections.ConfigDict()
  config.optim.lr = 3e-4
  config.optim.weight_decay = 0.1
  config.model = ml_collections.ConfigDict()
  config.model.num_layers = 12
  config.model.emb_dim = 768
  config.data = ml_collections.ConfigDict()
  config.data.train_files = "gs://bucket/c4/train-*.tfrecord"
  return config
