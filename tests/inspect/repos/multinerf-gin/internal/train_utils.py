"""Training step and model setup functions."""
import jax
import optax
from internal import models


def setup_model(config, rng, dataset=None):
  model = models.Model()
  lr_fn = lambda step: config.lr_init
  tx = optax.adam(learning_rate=lr_fn, b1=config.adam_beta1, b2=config.adam_beta2, eps=config.adam_eps)
  train_pstep = jax.pmap(lambda r, s, b, a: (s, {}, r), axis_name='batch')
  return model, None, None, train_pstep, lr_fn
