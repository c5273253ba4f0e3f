"""Module defining classes and helper methods for general agents."""
import gin
from dopamine.discrete_domains import atari_lib
from dopamine.jax.agents.dqn import dqn_agent


def load_gin_configs(gin_files, gin_bindings):
  gin.parse_config_files_and_bindings(gin_files, bindings=gin_bindings, skip_unknown=False)


@gin.configurable
def create_agent(environment, agent_name=None, summary_writer=None):
  if agent_name == 'jax_dqn':
    return dqn_agent.JaxDQNAgent(num_actions=environment.action_space.n, summary_writer=summary_writer)
  raise ValueError('Unknown agent: {}'.format(agent_name))


@gin.configurable
def create_runner(base_dir, schedule='continuous_train_and_eval'):
  return Runner(base_dir, create_agent)


@gin.configurable
class Runner(object):
  def __init__(self, base_dir, create_agent_fn,
               create_environment_fn=atari_lib.create_atari_environment,
               checkpoint_file_prefix='ckpt',
               log_every_n=1,
               num_iterations=200,
               training_steps=250000,
               evaluation_steps=125000,
               max_steps_per_episode=27000):
    self._base_dir = base_dir
    self._num_iterations = num_iterations
    self._training_steps = training_steps
    self._environment = create_environment_fn()
    self._agent = create_agent_fn(self._environment)

  def run_experiment(self):
    for iteration in range(self._num_iterations):
      self._agent.train(self._training_steps)
