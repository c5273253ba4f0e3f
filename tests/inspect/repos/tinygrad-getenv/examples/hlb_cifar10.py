#!/usr/bin/env python3
# tinygrad implementation of https://github.com/tysam-code/hlb-CIFAR10/blob/main/main.py
# https://myrtle.ai/learn/how-to-train-your-resnet-8-bag-of-tricks/
import random, time
import numpy as np
from typing import Optional
from extra.datasets import fetch_cifar
from tinygrad import nn
from tinygrad.nn.state import get_parameters
from tinygrad.nn import optim
from tinygrad import Device, Tensor
from tinygrad.helpers import getenv

dtypes_default_float = "float32"

# https://github.com/tysam-code/hlb-CIFAR10/blob/main/main.py
batchsize = getenv("BS", 1024)
assert batchsize % 16 == 0, f"batchsize {batchsize} must be a multiple of 16"
bias_scaler = 64
hyp = {
  'opt': {
    'bias_lr':        1.525 * bias_scaler/512,
    'non_bias_lr':    1.525 / 512,
    'bias_decay':     6.687e-4 * batchsize/bias_scaler,
    'non_bias_decay': 6.687e-4 * batchsize,
    'scaling_factor': 1./9,
    'percent_start': .23,
    'loss_scale_scaler': 1./32,
  },
  'net': {
      'kernel_size': 2,
      'batch_norm_momentum': .4,
      'cutmix_size': 3,
      'cutmix_epochs': 6,
      'pad_amount': 2,
      'base_depth': 64
  },
  'ema': {
      'ema_epochs': 10,
      'decay_base': .95,
      'decay_pow': 3.,
      'every_n_steps': 5,
  },
}


class ConvGroup:
  def __init__(self, channels_in, channels_out):
    self.conv1 = nn.Conv2d(channels_in,  channels_out, kernel_size=3, padding=1, bias=False)
    self.conv2 = nn.Conv2d(channels_out, channels_out, kernel_size=3, padding=1, bias=False)
    self.norm1 = nn.BatchNorm(channels_out, momentum=hyp['net']['batch_norm_momentum'])
    self.norm2 = nn.BatchNorm(channels_out, momentum=hyp['net']['batch_norm_momentum'])


class SpeedyResNet:
  def __init__(self, W):
    self.whitening = W
    self.net = [
      nn.Conv2d(12, 32, kernel_size=1, bias=False),
      ConvGroup(32, 64),
      ConvGroup(64, 256),
      ConvGroup(256, 512),
    ]


def train_cifar():
  def set_seed(seed):
    Tensor.manual_seed(seed)
    random.seed(seed)

  # ========== Model ==========
  GPUS = [f'{Device.DEFAULT}:{i}' for i in range(getenv("GPUS", 1))]
  BS, STEPS = getenv("BS", 512), getenv("STEPS", 1000)
  EVAL_BS = getenv("EVAL_BS", BS)
  MODEL_EMA = getenv("EMA", 1)

  X_train, Y_train, X_test, Y_test = fetch_cifar()
  model = SpeedyResNet(np.zeros((12, 3, 2, 2)))

  params_bias, params_non_bias = [], []
  opt_bias = optim.SGD(params_bias, lr=0.01, momentum=.85, nesterov=True, weight_decay=hyp['opt']['bias_decay'])
  opt_non_bias = optim.SGD(params_non_bias, lr=0.01, momentum=.85, nesterov=True, weight_decay=hyp['opt']['non_bias_decay'])

  i = 0
  while i <= STEPS:
    loss = Tensor([0.0])
    loss.backward()
    i += 1


if __name__ == "__main__":
  train_cifar()
