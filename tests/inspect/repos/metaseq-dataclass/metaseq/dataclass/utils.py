"""Turns dataclass fields into --kebab-case options and back into an OmegaConf config."""
from dataclasses import fields


def gen_parser_from_dataclass(parser, dataclass_instance):
    for f in fields(dataclass_instance):
        name = "--" + f.name.replace("_", "-")
        default = getattr(dataclass_instance, f.name)
        if isinstance(default, bool):
            parser.add_argument(name, action="store_true", default=default)
        elif isinstance(default, list):
            parser.add_argument(name, nargs="+", type=type(default[0]), default=default)
        else:
            parser.add_argument(name, default=default)


def convert_namespace_to_omegaconf(args):
    from omegaconf import OmegaConf
    return OmegaConf.create(vars(args))
