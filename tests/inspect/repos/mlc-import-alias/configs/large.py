"""The large model: base.py's settings with a deeper, wider network."""
import configs.base as base_cfg


def get_config():
  config = base_cfg.get_config()
  config.model.num_layers = 24
  config.model.emb_dim = 1024
  config.batch_size = 512
  return config
