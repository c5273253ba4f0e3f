"""Training and evaluation loops for score-based models."""
import os
import logging
import torch
import datasets
import losses
from models import utils as mutils
from models import ncsnpp  # registers the model


def train(config, workdir):
  score_model = mutils.create_model(config)
  optimizer = losses.get_optimizer(config, score_model.parameters())
  state = dict(optimizer=optimizer, model=score_model, step=0)
  train_ds, eval_ds, _ = datasets.get_dataset(config, uniform_dequantization=config.data.uniform_dequantization)
  train_iter = iter(train_ds)
  num_train_steps = config.training.n_iters
  for step in range(state['step'], num_train_steps + 1):
    batch = torch.from_numpy(next(train_iter)['image']).to(config.device).float()
    loss = losses.step(state, batch, config)
    if step % config.training.log_freq == 0:
      logging.info("step: %d, training_loss: %.5e" % (step, loss.item()))


def evaluate(config, workdir, eval_folder="eval"):
  score_model = mutils.create_model(config)
  return score_model
