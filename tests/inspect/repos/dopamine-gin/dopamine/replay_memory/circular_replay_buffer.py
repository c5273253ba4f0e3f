"""The standard DQN replay memory."""
import gin
import numpy as np


@gin.configurable
class OutOfGraphReplayBuffer(object):
  def __init__(self, observation_shape, stack_size, replay_capacity=1000000, batch_size=32, update_horizon=1, gamma=0.99):
    self._batch_size = batch_size
    self._replay_capacity = replay_capacity

  def sample_transition_batch(self):
    return np.zeros((self._batch_size,))
