"""Training script."""
import functools
import gc
import time

from absl import app
import flax
from flax.training import checkpoints
import gin
from internal import configs
from internal import datasets
from internal import models
from internal import train_utils
import jax
from jax import random
import jax.numpy as jnp
import numpy as np

configs.define_common_flags()
jax.config.parse_flags_with_absl()


def main(unused_argv):
  rng = random.PRNGKey(20200823)
  config = configs.load_config()

  if config.batch_size % jax.device_count() != 0:
    raise ValueError('Batch size must be divisible by the number of devices.')

  dataset = datasets.load_dataset('train', config.data_dir, config)
  test_dataset = datasets.load_dataset('test', config.data_dir, config)

  setup = train_utils.setup_model(config, rng, dataset=dataset)
  model, state, render_eval_pfn, train_pstep, lr_fn = setup

  for step, batch in zip(range(1, config.max_steps + 1), dataset):
    state, stats, rngs = train_pstep(rng, state, batch, 1.0)
    if step % config.checkpoint_every == 0:
      checkpoints.save_checkpoint(config.checkpoint_dir, state, int(step), keep=100)


if __name__ == '__main__':
  with gin.config_scope('train'):
    app.run(main)
