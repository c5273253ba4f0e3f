"""Config from the command line: package defaults, then the --config-file, then key=value words."""
from omegaconf import OmegaConf

from dinov2.configs import dinov2_default_config


def get_cfg_from_args(args):
    default_cfg = OmegaConf.create(dinov2_default_config)
    cfg = OmegaConf.load(args.config_file)
    cfg = OmegaConf.merge(default_cfg, cfg, OmegaConf.from_cli(args.opts))
    return cfg
