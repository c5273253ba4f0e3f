"""Compact implementation of a DQN agent in JAX."""
import gin
import jax
import jax.numpy as jnp
import optax
from dopamine.replay_memory import circular_replay_buffer


@gin.configurable
def create_optimizer(name='adam', learning_rate=6.25e-5, beta1=0.9, beta2=0.999, eps=1.5 / 32):
  if name == 'adam':
    return optax.adam(learning_rate, b1=beta1, b2=beta2, eps=eps)
  return optax.rmsprop(learning_rate, eps=eps)


@gin.configurable
class JaxDQNAgent(object):
  def __init__(self,
               num_actions,
               gamma=0.99,
               update_horizon=1,
               min_replay_history=20000,
               update_period=4,
               target_update_period=8000,
               epsilon_train=0.01,
               epsilon_eval=0.001,
               optimizer='adam',
               summary_writer=None,
               seed=None):
    self.num_actions = num_actions
    self.gamma = gamma
    self._rng = jax.random.PRNGKey(0 if seed is None else seed)
    self.optimizer = create_optimizer(optimizer)
    self._replay = circular_replay_buffer.OutOfGraphReplayBuffer(observation_shape=(84, 84), stack_size=4)

  def train(self, steps):
    for _ in range(steps):
      batch = self._replay.sample_transition_batch()
