"""Atari-specific utilities including Atari-specific network architectures."""
import gin
import gym


@gin.configurable
def create_atari_environment(game_name=None, sticky_actions=True):
  full_game_name = '{}NoFrameskip-v{}'.format(game_name, 0 if sticky_actions else 4)
  return gym.make(full_game_name)
