# SLConfig: a Python file whose module-level names are the settings, merged with key=value options.
import ast
import os.path as osp
from argparse import Action
from importlib import import_module


class DictAction(Action):
    def __call__(self, parser, namespace, values, option_string=None):
        options = {}
        for kv in values:
            key, val = kv.split('=', maxsplit=1)
            options[key] = val
        setattr(namespace, self.dest, options)


class SLConfig(object):
    @staticmethod
    def _file2dict(filename):
        filename = osp.abspath(osp.expanduser(filename))
        module_name = osp.splitext(osp.basename(filename))[0]
        mod = import_module(module_name)
        return {name: value for name, value in mod.__dict__.items() if not name.startswith('__')}

    @staticmethod
    def fromfile(filename):
        return SLConfig(SLConfig._file2dict(filename), filename=filename)

    def __init__(self, cfg_dict=None, filename=None):
        self._cfg_dict = cfg_dict
        self._filename = filename

    def merge_from_dict(self, options):
        for k, v in options.items():
            self._cfg_dict[k] = v
