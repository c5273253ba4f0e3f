r"""The entry point for running a Dopamine agent."""
from absl import app
from absl import flags
from dopamine.discrete_domains import run_experiment

flags.DEFINE_string('base_dir', None, 'Base directory to host all required sub-directories.')
flags.DEFINE_multi_string('gin_files', [], 'List of paths to gin configuration files.')
flags.DEFINE_multi_string('gin_bindings', [], 'Gin bindings to override the values set in the config files.')

FLAGS = flags.FLAGS


def main(unused_argv):
  run_experiment.load_gin_configs(FLAGS.gin_files, FLAGS.gin_bindings)
  runner = run_experiment.create_runner(FLAGS.base_dir)
  runner.run_experiment()


if __name__ == '__main__':
  flags.mark_flag_as_required('base_dir')
  app.run(main)
