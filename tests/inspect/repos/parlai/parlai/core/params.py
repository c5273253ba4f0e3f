"""Provide an argument parser and default command line options for using ParlAI."""
import argparse
import importlib


def str2bool(value):
    v = value.lower()
    if v in ('yes', 'true', 't', '1', 'y'):
        return True
    elif v in ('no', 'false', 'f', 'n', '0'):
        return False
    raise argparse.ArgumentTypeError('Boolean value expected.')


def get_model_name(model):
    # "transformer/generator" -> parlai.agents.transformer.transformer:TransformerGeneratorAgent
    if '/' in model:
        module, agent = model.split('/')
        return 'parlai.agents.%s.%s' % (module, module), '%s%sAgent' % (module.capitalize(), agent.capitalize())
    return 'parlai.agents.%s.%s' % (model, model), '%sAgent' % model.capitalize()


class ParlaiParser(argparse.ArgumentParser):
    def __init__(self, add_parlai_args=True, add_model_args=False, description=None, **kwargs):
        super().__init__(description=description, allow_abbrev=False, conflict_handler='resolve', **kwargs)
        self.register('type', 'bool', str2bool)
        if add_parlai_args:
            self.add_parlai_args()
        if add_model_args:
            self.add_model_args()

    def add_parlai_args(self):
        parlai = self.add_argument_group('Main ParlAI Arguments')
        parlai.add_argument('-o', '--init-opt', default=None, help='Path to json file of options.')
        parlai.add_argument('-t', '--task', help='ParlAI task(s), e.g. "babi:Task1" or "babi,cbt"')
        parlai.add_argument('-dt', '--datatype', metavar='DATATYPE', default='train',
                            help='choose from: train, train:ordered, valid, test.')
        parlai.add_argument('-bs', '--batchsize', default=1, type=int,
                            help='batch size for minibatch training schemes')
        parlai.add_argument('-dp', '--datapath', default=None, help='path to datasets, defaults to {parlai_dir}/data')

    def add_model_args(self):
        model_args = self.add_argument_group('ParlAI Model Arguments')
        model_args.add_argument('-m', '--model', default=None,
                                help='the model class name. can match parlai/agents/<model> for agents in that directory')
        model_args.add_argument('-mf', '--model-file', default=None, help='model file name for loading and saving models')
        model_args.add_argument('-im', '--init-model', default=None, type=str, help='Initialize model weights and dict from this file')

    def parse_known_args(self, args=None, namespace=None, nohelp=False):
        # the agent named by --model adds its own options before the real parse
        known, _ = super().parse_known_args(args, namespace)
        if getattr(known, 'model', None):
            module_name, class_name = get_model_name(known.model)
            agent = getattr(importlib.import_module(module_name), class_name)
            agent.add_cmdline_args(self)
        return super().parse_known_args(args, namespace)
