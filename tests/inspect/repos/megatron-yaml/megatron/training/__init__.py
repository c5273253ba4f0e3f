"""Training entry points (fixture)."""
from .arguments import parse_args
from .yaml_arguments import load_yaml

_ARGS = None


def get_args():
    return _ARGS


def pretrain(model_provider, forward_step, args_defaults=None):
    global _ARGS
    args = parse_args()
    if args.yaml_cfg is not None:
        args = load_yaml(args.yaml_cfg)
    _ARGS = args
