"""SpeechBrain-style fixture package: parse_arguments, Brain."""
import sys


def parse_arguments(arg_list):
    """Returns the hparams file, run options and the overrides (--key=value words) as YAML."""
    return arg_list[0], {}, "\n".join(a[2:].replace("=", ": ", 1) for a in arg_list[1:])


class Brain:
    def __init__(self, modules=None, opt_class=None, hparams=None, run_opts=None, checkpointer=None):
        self.modules = modules

    def fit(self, epoch_counter, train_set, valid_set, train_loader_kwargs=None, valid_loader_kwargs=None):
        pass
