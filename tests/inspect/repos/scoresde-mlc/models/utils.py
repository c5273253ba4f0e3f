"""Model registry and helpers."""
import torch

_MODELS = {}


def register_model(cls=None, *, name=None):
  def _register(cls):
    local_name = cls.__name__ if name is None else name
    _MODELS[local_name] = cls
    return cls
  return _register if cls is None else _register(cls)


def get_model(name):
  return _MODELS[name]


def create_model(config):
  model_name = config.model.name
  score_model = get_model(model_name)(config)
  score_model = score_model.to(config.device)
  score_model = torch.nn.DataParallel(score_model)
  return score_model
