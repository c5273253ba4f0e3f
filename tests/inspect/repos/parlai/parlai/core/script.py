"""
The general ParlAI Script interface: scripts register themselves by name and
`parlai <name> [options]` runs the one named.
"""
import importlib
import pkgutil
import sys

import parlai.scripts

SCRIPT_REGISTRY = {}


def register_script(name, aliases=None, hidden=False):
    if aliases is None:
        aliases = []

    def _func(cls):
        SCRIPT_REGISTRY[name] = cls
        for alias in aliases:
            SCRIPT_REGISTRY[alias] = cls
        return cls

    return _func


class ParlaiScript(object):
    @classmethod
    def setup_args(cls):
        raise NotImplementedError('setup_args not implemented')

    def __init__(self, opt):
        self.opt = opt

    @classmethod
    def main(cls, *args, **kwargs):
        parser = cls.setup_args()
        opt = parser.parse_args(args=args)
        return cls(opt).run()


def setup_script_registry():
    for module in pkgutil.iter_modules(parlai.scripts.__path__, 'parlai.scripts.'):
        importlib.import_module(module.name)


def superscript_main(args=None):
    setup_script_registry()
    if args is None:
        args = sys.argv[1:]
    cmd = args[0]
    script = SCRIPT_REGISTRY[cmd]
    return script.main(*args[1:])
