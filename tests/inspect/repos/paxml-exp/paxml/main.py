"""Entry: python paxml/main.py --exp=tasks.lm.params.c4.C4Spmd1BAdam --job_log_dir=DIR.
The experiment is a registered class found by its dotted name; its class attributes are the settings."""
from absl import app, flags

from paxml import experiment_registry

FLAGS = flags.FLAGS
flags.DEFINE_string("exp", None, "Experiment configuration identifier name.")
flags.DEFINE_string("job_log_dir", None, "Directory where all experiment assets will be stored.")


def main(argv):
    exp_cls = experiment_registry.get(FLAGS.exp)
    exp = exp_cls()
    exp.task()
    exp.datasets()


if __name__ == "__main__":
    app.run(main)
